import type { TWarehouseTransfer } from '@tonnage/contracts';
import { formatSlipDateTime } from '../port-loading/loading-slip.pdf';
import { renderSideBySideSlipPdf } from '../warehouse-dispatch/warehouse-slip.pdf';

/*
 * The printable transfer slip of a Warehouse Transfer: the warehouse loading slip's layout (renderSideBySideSlipPdf,
 * English and Arabic side by side) with the transfer's rows.
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
export function transferSlipRows(slip: TWarehouseTransfer, lang: 'en' | 'ar', timeZone: string): [string, string][] {
  const l = TRANSFER_SLIP_LABELS[lang];
  return [
    [l.slipNumber, String(slip.slipNumber)],
    [l.dateTime, formatSlipDateTime(slip.transferAt, timeZone)],
    [l.from, slip.fromWarehouseName],
    [l.silo, slip.siloName ?? l.openArea],
    [l.owner, slip.ownerName],
    [l.lcPo, slip.lcPoNumber],
    [l.cargoType, slip.cargoTypeName],
    [l.destination, slip.toLocationName],
    [l.transporter, slip.transporterName ?? ''],
    [l.truck, slip.truckPlate],
    [l.driver, slip.driverName],
    [l.ticket, slip.wbtNumber],
    [l.quantity, `${slip.quantity} ${l.unit}`],
    [l.createdBy, slip.createdBy],
  ];
}

/** Renders the transfer slip as a PDF, English and Arabic side by side. */
export function renderTransferSlipPdf(data: { slip: TWarehouseTransfer; agencyName: string; timeZone: string }, options: { compress?: boolean } = {}): Promise<Buffer> {
  return renderSideBySideSlipPdf(
    { agencyName: data.agencyName, slipNumber: data.slip.slipNumber, reversed: data.slip.status === 'Reversed', labels: TRANSFER_SLIP_LABELS, rows: (lang) => transferSlipRows(data.slip, lang, data.timeZone) },
    options,
  );
}
