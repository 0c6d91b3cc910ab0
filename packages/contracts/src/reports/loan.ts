import { ZOptionalDate, ZOptionalId } from '../cargo';
import { periodInOrder } from '../dashboard-filters';
import { defineReport } from './define';

/**
 * Loan Statement (`loan-report`): per lender, borrower, LC/PO and cargo type, the consignee-to-SM loans (L) and their
 * returns (LR) over a period of business dates (both inclusive, in the agency's time zone): the outstanding at the
 * period's start (opening), loans issued and returned in it, and the outstanding at its end (closing). A row expands
 * to its movements (`GET /api/loan-balance/movements`).
 */
export const loanReport = defineReport({
  key: 'loan-report',
  permissionModule: 'LoanReport',
  title: 'reports.loanTitle',
  filters: {
    fromDate: ZOptionalDate,
    toDate: ZOptionalDate,
    lenderId: ZOptionalId,
    borrowerId: ZOptionalId,
    consignmentId: ZOptionalId,
  },
  check: periodInOrder,
  filterControls: [
    { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'reports.period' },
    { kind: 'consignee', param: 'lenderId', label: 'reports.lender', mode: 'consignee' },
    { kind: 'consignee', param: 'borrowerId', label: 'reports.borrower', mode: 'sm' },
    { kind: 'consignment', param: 'consignmentId', label: 'reports.lcPo' },
  ],
  columns: [
    { key: 'lenderId', label: 'reports.lender', kind: 'id' },
    { key: 'lender', label: 'reports.lender', kind: 'text', sort: true },
    { key: 'borrowerId', label: 'reports.borrower', kind: 'id' },
    { key: 'borrower', label: 'reports.borrower', kind: 'text', sort: true },
    { key: 'consignmentId', label: 'reports.lcPo', kind: 'id' },
    { key: 'lcPo', label: 'reports.lcPo', kind: 'text', sort: true },
    { key: 'cargoTypeId', label: 'reports.cargoType', kind: 'id' },
    { key: 'cargoType', label: 'reports.cargoType', kind: 'text', sort: true },
    { key: 'opening', label: 'reports.opening', kind: 'tonnes', sort: true, total: true },
    { key: 'issued', label: 'reports.issued', kind: 'tonnes', sort: true, total: true },
    { key: 'returned', label: 'reports.returned', kind: 'tonnes', sort: true, total: true },
    { key: 'closing', label: 'reports.closing', kind: 'tonnes', sort: true, total: true },
  ],
  defaultSort: { key: 'lender', order: 'asc' },
  exportFile: 'loan-statement.xlsx',
  exportSheet: { en: 'Loan statement', ar: 'كشف القروض' },
});
