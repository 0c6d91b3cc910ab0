import { ZOptionalDate, ZOptionalId } from '../cargo';
import { periodInOrder } from '../dashboard-filters';
import { defineReport, reportChoice } from './define';

/** How the Port Loading report groups its port loadings. */
export const PORT_LOADING_REPORT_GROUPINGS = ['portLoading', 'day', 'transporter', 'destination'] as const;
export type PortLoadingReportGrouping = (typeof PORT_LOADING_REPORT_GROUPINGS)[number];

/**
 * Port Loading report (`port-loading-report`): per live port loading (or summed by its loading day, transporter or
 * destination: the "group by" choice), the planned quantity, what trucks loaded off the vessel on its slips, the
 * trips, what is still in transit, what was delivered (received where the trucks went) and the transit loss. The
 * period filters the port loadings by their loading date (both ends inclusive).
 */
export const portLoadingReport = defineReport({
  key: 'port-loading-report',
  permissionModule: 'PortLoadingReport',
  title: 'reports.portLoading.title',
  filters: {
    groupBy: reportChoice(PORT_LOADING_REPORT_GROUPINGS, 'portLoading', 'Please choose how to group: port loading, day, transporter or destination.'),
    fromDate: ZOptionalDate,
    toDate: ZOptionalDate,
    voyageId: ZOptionalId,
    consignmentId: ZOptionalId,
    transporterId: ZOptionalId,
    toLocationId: ZOptionalId,
  },
  check: periodInOrder,
  filterControls: [
    {
      kind: 'choice',
      param: 'groupBy',
      label: 'reports.portLoading.groupBy',
      default: 'portLoading',
      options: [
        { value: 'portLoading', label: 'reports.portLoading.byPortLoading' },
        { value: 'day', label: 'reports.portLoading.byDay' },
        { value: 'transporter', label: 'reports.portLoading.byTransporter' },
        { value: 'destination', label: 'reports.portLoading.byDestination' },
      ],
    },
    { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'reports.portLoading.period' },
    { kind: 'voyage', param: 'voyageId', label: 'reports.voyage' },
    { kind: 'consignment', param: 'consignmentId', label: 'reports.lcPo' },
    { kind: 'reference', param: 'transporterId', label: 'reports.portLoading.transporter', resource: 'transporter' },
    { kind: 'location', param: 'toLocationId', label: 'reports.portLoading.destination' },
  ],
  columns: [
    { key: 'portLoadingId', label: 'reports.portLoading.portLoading', kind: 'id' },
    { key: 'destinationId', label: 'reports.portLoading.destination', kind: 'id' },
    { key: 'loadingDate', label: 'reports.portLoading.loadingDate', kind: 'date', sort: true, showWhen: { param: 'groupBy', values: ['portLoading', 'day'] } },
    { key: 'voyage', label: 'reports.voyage', kind: 'text', sort: true, showWhen: { param: 'groupBy', values: ['portLoading'] } },
    { key: 'blNumber', label: 'reports.portLoading.blNumber', kind: 'text', sort: true, showWhen: { param: 'groupBy', values: ['portLoading'] } },
    { key: 'lcPo', label: 'reports.lcPo', kind: 'text', sort: true, showWhen: { param: 'groupBy', values: ['portLoading'] } },
    { key: 'transporter', label: 'reports.portLoading.transporter', kind: 'text', sort: true, showWhen: { param: 'groupBy', values: ['portLoading', 'transporter'] } },
    { key: 'destination', label: 'reports.portLoading.destination', kind: 'text', sort: true, showWhen: { param: 'groupBy', values: ['portLoading', 'destination'] } },
    { key: 'planned', label: 'reports.portLoading.planned', kind: 'tonnes', sort: true, total: true },
    { key: 'loaded', label: 'reports.portLoading.loaded', kind: 'tonnes', sort: true, total: true },
    { key: 'trips', label: 'reports.portLoading.trips', kind: 'count', sort: true, total: true },
    { key: 'inTransit', label: 'reports.inTransit', kind: 'tonnes', sort: true, total: true },
    { key: 'delivered', label: 'reports.delivered', kind: 'tonnes', sort: true, total: true },
    { key: 'transitLoss', label: 'reports.transitLoss', kind: 'tonnes', sort: true, total: true },
  ],
  defaultSort: { key: 'loadingDate', order: 'desc' },
  exportFile: 'port-loading-report.xlsx',
  exportSheet: { en: 'Port loading', ar: 'التحميل من الميناء' },
});
