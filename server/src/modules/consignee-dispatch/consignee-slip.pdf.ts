import type { TConsigneeOut } from '@tonnage/contracts';
import { formatSlipDateTime } from '../port-loading/loading-slip.pdf';
import { renderSideBySideSlipPdf } from '../warehouse-dispatch/warehouse-slip.pdf';

/*
 * The printable consignee loading slip: the warehouse loading slip's layout (renderSideBySideSlipPdf, English and
 * Arabic side by side) with the consignee out's rows.
 */

export const CONSIGNEE_SLIP_LABELS = {
  en: {
    title: 'Consignee Loading Slip',
    slipNumber: 'Slip No.',
    dateTime: 'Date / Time',
    location: 'Consignee location',
    owner: 'Owner',
    lcPo: 'LC / PO',
    destination: 'Customer location',
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
    title: 'إيصال تحميل المستلم',
    slipNumber: 'رقم الإيصال',
    dateTime: 'التاريخ / الوقت',
    location: 'موقع المستلم',
    owner: 'المالك',
    lcPo: 'الاعتماد / أمر الشراء',
    destination: 'موقع العميل',
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

/** The label and value rows of a consignee loading slip in one language. */
export function consigneeSlipRows(slip: TConsigneeOut, lang: 'en' | 'ar', timeZone: string): [string, string][] {
  const l = CONSIGNEE_SLIP_LABELS[lang];
  return [
    [l.slipNumber, String(slip.slipNumber)],
    [l.dateTime, formatSlipDateTime(slip.outAt, timeZone)],
    [l.location, slip.locationName],
    [l.owner, slip.ownerName],
    [l.lcPo, slip.lcPoNumber],
    [l.destination, slip.toLocationName],
    [l.transporter, slip.transporterName ?? ''],
    [l.truck, slip.truckPlate],
    [l.driver, slip.driverName],
    [l.ticket, slip.wbtNumber],
    [l.quantity, `${slip.quantity} ${l.unit}`],
    [l.createdBy, slip.createdBy],
  ];
}

/** Renders the consignee loading slip as a PDF, English and Arabic side by side. */
export function renderConsigneeSlipPdf(data: { slip: TConsigneeOut; agencyName: string; timeZone: string }, options: { compress?: boolean } = {}): Promise<Buffer> {
  return renderSideBySideSlipPdf(
    { agencyName: data.agencyName, slipNumber: data.slip.slipNumber, reversed: data.slip.status === 'Reversed', labels: CONSIGNEE_SLIP_LABELS, rows: (lang) => consigneeSlipRows(data.slip, lang, data.timeZone) },
    options,
  );
}
