import type { TLoan, TLoanBalanceRow, TLoanReturn } from '@tonnage/contracts';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { slipDeliveryColumn } from '../warehouse-transfer/transfer-slip.export';
import { dateTimeColumn, textColumn, tonnesColumn, trailColumns } from '../../platform/record-export';

type Parties = Pick<TLoan, 'warehouseName' | 'siloName' | 'lenderName' | 'borrowerName' | 'lcPoNumber' | 'cargoTypeName'>;

function partyColumns<Row extends Parties>(lang: ExcelLang): ExcelColumn<Row>[] {
  return [
    textColumn<Row>('warehouse', { en: 'Warehouse', ar: 'المستودع' }, lang, (r) => r.warehouseName),
    textColumn<Row>('silo', { en: 'Silo', ar: 'الصومعة' }, lang, (r) => r.siloName),
    textColumn<Row>('lender', { en: 'Lender', ar: 'المُقرض' }, lang, (r) => r.lenderName),
    textColumn<Row>('borrower', { en: 'Borrower', ar: 'المقترض' }, lang, (r) => r.borrowerName),
    textColumn<Row>('lcPo', { en: 'LC / PO', ar: 'الاعتماد / أمر الشراء' }, lang, (r) => r.lcPoNumber),
    textColumn<Row>('cargoType', { en: 'Cargo type', ar: 'نوع البضاعة' }, lang, (r) => r.cargoTypeName),
  ];
}

/** The columns of the Consignee to SM (loans) export, as the list shows them. */
export function loanExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TLoan>[] {
  return [
    textColumn<TLoan>('id', { en: 'Loan No.', ar: 'رقم القرض' }, lang, (r) => String(r.id)),
    dateTimeColumn<TLoan>('loanAt', { en: 'Loan time', ar: 'وقت القرض' }, lang, timeZone, (r) => r.loanAt),
    ...partyColumns<TLoan>(lang),
    tonnesColumn<TLoan>('quantity', { en: 'Issued (MT)', ar: 'المُقرَض (طن متري)' }, lang, (r) => r.quantity),
    tonnesColumn<TLoan>('returned', { en: 'Returned (MT)', ar: 'المُرجَع (طن متري)' }, lang, (r) => r.returned),
    tonnesColumn<TLoan>('outstanding', { en: 'Outstanding (MT)', ar: 'المتبقي (طن متري)' }, lang, (r) => r.outstanding),
    slipDeliveryColumn<TLoan>(lang),
    textColumn<TLoan>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TLoan>(lang, timeZone),
  ];
}

/** The columns of the SM to Consignee (loan returns) export. */
export function loanReturnExportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TLoanReturn>[] {
  return [
    dateTimeColumn<TLoanReturn>('returnAt', { en: 'Return time', ar: 'وقت الإرجاع' }, lang, timeZone, (r) => r.returnAt),
    textColumn<TLoanReturn>('loanId', { en: 'Loan No.', ar: 'رقم القرض' }, lang, (r) => String(r.loanId)),
    ...partyColumns<TLoanReturn>(lang),
    tonnesColumn<TLoanReturn>('quantity', { en: 'Quantity (MT)', ar: 'الكمية (طن متري)' }, lang, (r) => r.quantity),
    slipDeliveryColumn<TLoanReturn>(lang),
    textColumn<TLoanReturn>('returnedFrom', { en: 'Returned from other cargo', ar: 'أُرجع من بضاعة أخرى' }, lang, (r) =>
      r.source === null ? null : [r.source.locationName, r.source.siloName, r.source.lcPoNumber].filter((part) => part !== null && part !== '').join(' · '),
    ),
    textColumn<TLoanReturn>('remarks', { en: 'Remarks', ar: 'ملاحظات' }, lang, (r) => r.remarks),
    ...trailColumns<TLoanReturn>(lang, timeZone),
  ];
}

/** The columns of the loan balance export. */
export function loanBalanceExportColumns(lang: ExcelLang): ExcelColumn<TLoanBalanceRow>[] {
  return [
    textColumn<TLoanBalanceRow>('lender', { en: 'Lender', ar: 'المُقرض' }, lang, (r) => r.lenderName),
    textColumn<TLoanBalanceRow>('borrower', { en: 'Borrower', ar: 'المقترض' }, lang, (r) => r.borrowerName),
    textColumn<TLoanBalanceRow>('lcPo', { en: 'LC / PO', ar: 'الاعتماد / أمر الشراء' }, lang, (r) => r.lcPoNumber),
    textColumn<TLoanBalanceRow>('cargoType', { en: 'Cargo type', ar: 'نوع البضاعة' }, lang, (r) => r.cargoTypeName),
    textColumn<TLoanBalanceRow>('loans', { en: 'Loans', ar: 'القروض' }, lang, (r) => String(r.loans)),
    tonnesColumn<TLoanBalanceRow>('issued', { en: 'Issued (MT)', ar: 'المُقرَض (طن متري)' }, lang, (r) => r.issued),
    tonnesColumn<TLoanBalanceRow>('returned', { en: 'Returned (MT)', ar: 'المُرجَع (طن متري)' }, lang, (r) => r.returned),
    tonnesColumn<TLoanBalanceRow>('outstanding', { en: 'Outstanding (MT)', ar: 'المتبقي (طن متري)' }, lang, (r) => r.outstanding),
  ];
}
