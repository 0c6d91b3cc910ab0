import type { TWarehouseTransferSlipView } from '@tonnage/contracts';
import { formatSlipDateTime } from '../port-loading/loading-slip.pdf';
import { renderSideBySideSlipPdf } from '../warehouse-dispatch/warehouse-slip.pdf';

/*
 * The printable transfer slip of any record that travels on one (a Warehouse Transfer, a loan, a loan return, a sale, a
 * consignee transfer): the warehouse loading slip's layout (renderSideBySideSlipPdf, English and Arabic side by side)
 * with the slip's rows. A slip that changes the owner names the owner on arrival; one that leaves or reaches a place
 * other than a warehouse says "From" / "To".
 */

export const TRANSFER_SLIP_LABELS = {
  en: {
    title: 'Transfer Slip',
    slipNumber: 'Slip No.',
    dateTime: 'Date / Time',
    from: 'From warehouse',
    silo: 'Silo',
    openArea: 'Open area',
    owner: 'Owner',
    lcPo: 'LC / PO',
    cargoType: 'Cargo type',
    destination: 'To warehouse',
    fromPlace: 'From',
    toPlace: 'To',
    newOwner: 'New owner',
    transporter: 'Transporter',
    truck: 'Truck',
    driver: 'Driver',
    ticket: 'Weighbridge ticket',
    quantity: 'Quantity',
    createdBy: 'Created by',
    reversed: 'REVERSED',
    unit: 'MT',
  },
  ar: {
    title: 'إيصال النقل',
    slipNumber: 'رقم الإيصال',
    dateTime: 'التاريخ / الوقت',
    from: 'من المستودع',
    silo: 'الصومعة',
    openArea: 'المنطقة المفتوحة',
    owner: 'المالك',
    lcPo: 'الاعتماد / أمر الشراء',
    cargoType: 'نوع البضاعة',
    destination: 'إلى المستودع',
    fromPlace: 'من',
    toPlace: 'إلى',
    newOwner: 'المالك الجديد',
    transporter: 'الناقل',
    truck: 'الشاحنة',
    driver: 'السائق',
    ticket: 'تذكرة الميزان',
    quantity: 'الكمية',
    createdBy: 'أنشأها',
    reversed: 'معكوس',
    unit: 'طن',
  },
} as const;

/** The label and value rows of a transfer slip in one language. */
export function transferSlipRows(view: Pick<TWarehouseTransferSlipView, 'slip' | 'source' | 'toOwnerName'>, lang: 'en' | 'ar', timeZone: string): [string, string][] {
  const l = TRANSFER_SLIP_LABELS[lang];
  const { slip } = view;
  const betweenWarehouses = view.source === 'warehouseTransfer';
  const newOwner: [string, string][] = slip.toOwnerCompanyId !== slip.ownerCompanyId && view.toOwnerName !== '' ? [[l.newOwner, view.toOwnerName]] : [];
  return [
    [l.slipNumber, String(slip.slipNumber)],
    [l.dateTime, formatSlipDateTime(slip.transferAt, timeZone)],
    [betweenWarehouses ? l.from : l.fromPlace, slip.fromWarehouseName],
    [l.silo, slip.siloName ?? l.openArea],
    [l.owner, slip.ownerName],
    ...newOwner,
    [l.lcPo, slip.lcPoNumber],
    [l.cargoType, slip.cargoTypeName],
    [betweenWarehouses ? l.destination : l.toPlace, slip.toLocationName],
    [l.transporter, slip.transporterName ?? ''],
    [l.truck, slip.truckPlate],
    [l.driver, slip.driverName],
    [l.ticket, slip.wbtNumber],
    [l.quantity, `${slip.quantity} ${l.unit}`],
    [l.createdBy, slip.createdBy],
  ];
}

/** Renders the transfer slip as a PDF, English and Arabic side by side. */
export function renderTransferSlipPdf(data: TWarehouseTransferSlipView, options: { compress?: boolean } = {}): Promise<Buffer> {
  return renderSideBySideSlipPdf(
    { agencyName: data.agencyName, slipNumber: data.slip.slipNumber, reversed: data.slip.status === 'Reversed', labels: TRANSFER_SLIP_LABELS, rows: (lang) => transferSlipRows(data, lang, data.timeZone) },
    options,
  );
}
