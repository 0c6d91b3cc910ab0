import { z } from 'zod';
import { emptyToUndefined, ZOptionalDate, ZOptionalId } from '../cargo';
import { periodInOrder } from '../dashboard-filters';
import { WAREHOUSE_DASHBOARD_MESSAGES } from '../dashboard-warehouse';
import { defineReport, type ReportDeclaration } from './define';

const INVALID_CONSIGNEE = WAREHOUSE_DASHBOARD_MESSAGES.consigneeRequired;

/** The one consignee a report is about: required ('Please select a consignee!'). */
const ZConsigneeId = z.preprocess(
  emptyToUndefined,
  z.coerce.number({ error: INVALID_CONSIGNEE }).int(INVALID_CONSIGNEE).positive(INVALID_CONSIGNEE).max(2_147_483_647, INVALID_CONSIGNEE),
);

/**
 * Consignee Cargo Report (`consignee-cargo-report`): one consignee's consignments (those it is the BL consignee of)
 * with every movement of their cargo, one line per ledger transaction and consignment: the date, the movement (the
 * posting's type), its record, the places, what it changed on board, on trucks, at places (any owner), of the
 * consignee's own and in losses, and the consignment's cargo after it. `consignee-cargo-report-old` shows the same for
 * the consignments of closed seasons (docs/decisions.md).
 */
function consigneeCargo<const K extends string>(key: K, closed: boolean) {
  return defineReport({
    key,
    permissionModule: 'ConsigneeCargoReport',
    title: closed ? 'reports.consigneeCargo.oldTitle' : 'reports.consigneeCargo.title',
    ...(closed ? { menuEntry: 'consignee-cargo-report' } : {}),
    filters: {
      consigneeId: ZConsigneeId,
      consignmentId: ZOptionalId,
      voyageId: ZOptionalId,
      fromDate: ZOptionalDate,
      toDate: ZOptionalDate,
    },
    check: periodInOrder,
    filterControls: [
      { kind: 'consignee', param: 'consigneeId', label: 'reports.consigneeCargo.consignee', mode: 'consignee', required: true },
      { kind: 'consignment', param: 'consignmentId', label: 'reports.lcPo' },
      { kind: 'voyage', param: 'voyageId', label: 'reports.voyage' },
      { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'reports.period' },
    ],
    columns: [
      { key: 'transactionId', label: 'reports.consigneeCargo.record', kind: 'id' },
      { key: 'consignmentId', label: 'reports.lcPo', kind: 'id' },
      { key: 'date', label: 'reports.consigneeCargo.date', kind: 'date', sort: true },
      { key: 'lcPo', label: 'reports.lcPo', kind: 'text', sort: true },
      { key: 'voyage', label: 'reports.voyage', kind: 'text', sort: true },
      { key: 'movement', label: 'reports.consigneeCargo.movement', kind: 'text', sort: true, values: 'reports.posting' },
      { key: 'record', label: 'reports.consigneeCargo.record', kind: 'text' },
      { key: 'place', label: 'reports.consigneeCargo.place', kind: 'text', sort: true },
      { key: 'onBoard', label: 'reports.consigneeCargo.onBoard', kind: 'tonnes', sort: true, total: true },
      { key: 'inTransit', label: 'reports.consigneeCargo.inTransit', kind: 'tonnes', sort: true, total: true },
      { key: 'atPlaces', label: 'reports.consigneeCargo.atPlaces', kind: 'tonnes', sort: true, total: true },
      { key: 'own', label: 'reports.consigneeCargo.own', kind: 'tonnes', sort: true, total: true },
      { key: 'lost', label: 'reports.consigneeCargo.lost', kind: 'tonnes', sort: true, total: true },
      { key: 'balance', label: 'reports.consigneeCargo.balance', kind: 'tonnes', sort: true },
    ],
    defaultSort: { key: 'date', order: 'asc' },
    exportFile: closed ? 'consignee-cargo-closed.xlsx' : 'consignee-cargo.xlsx',
    exportSheet: closed ? { en: 'Consignee cargo (closed)', ar: 'بضائع المستلم (مغلقة)' } : { en: 'Consignee cargo', ar: 'بضائع المستلم' },
  });
}

export const consigneeCargoReport = consigneeCargo('consignee-cargo-report', false);
export const consigneeCargoOldReport = consigneeCargo('consignee-cargo-report-old', true);

/** The filters both consignee cargo reports share. */
export type ConsigneeCargoFilters = (typeof consigneeCargoReport)['filters'];
export type ConsigneeCargoDeclaration = ReportDeclaration<ConsigneeCargoFilters>;
