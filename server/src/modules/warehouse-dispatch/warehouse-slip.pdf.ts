import { createRequire } from 'node:module';
import path from 'node:path';
import type { TWarehouseOut } from '@tonnage/contracts';
import { newPdfDocument } from '../../platform/pdf';
import { formatSlipDateTime, linePieces } from '../port-loading/loading-slip.pdf';

/*
 * The printable warehouse loading slip (A4 landscape): English on the left half, Arabic on the right half, side by
 * side, as the port's loading slip draws each language (bidi runs placed in visual order, Arabic shaped by fontkit).
 */

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT = path.join(fontDir, 'DejaVuSans.ttf');
const FONT_BOLD = path.join(fontDir, 'DejaVuSans-Bold.ttf');

export const WAREHOUSE_SLIP_LABELS = {
  en: {
    title: 'Warehouse Loading Slip',
    slipNumber: 'Slip No.',
    dateTime: 'Date / Time',
    warehouse: 'Warehouse',
    silo: 'Silo',
    openArea: 'Open area',
    owner: 'Owner',
    lcPo: 'LC / PO',
    destination: 'Destination',
    transporter: 'Transporter',
    truck: 'Truck',
    driver: 'Driver',
    ticket: 'Weighbridge ticket',
    quantity: 'Quantity (WBQ)',
    createdBy: 'Created by',
    reversed: 'REVERSED',
    unit: 'MT',
  },
  ar: {
    title: 'إيصال تحميل المستودع',
    slipNumber: 'رقم الإيصال',
    dateTime: 'التاريخ / الوقت',
    warehouse: 'المستودع',
    silo: 'الصومعة',
    openArea: 'منطقة مفتوحة',
    owner: 'المالك',
    lcPo: 'الاعتماد / أمر الشراء',
    destination: 'الوجهة',
    transporter: 'الناقل',
    truck: 'الشاحنة',
    driver: 'السائق',
    ticket: 'تذكرة الميزان',
    quantity: 'الكمية (الميزان)',
    createdBy: 'أنشأها',
    reversed: 'معكوس',
    unit: 'طن',
  },
} as const;

function drawLine(doc: PDFKit.PDFDocument, text: string, box: { x: number; y: number; width: number }, options: { direction: 'ltr' | 'rtl'; align: 'left' | 'right' | 'center'; font: string; size: number }) {
  doc.font(options.font).fontSize(options.size);
  const parts = linePieces(text, options.direction);
  const widths = parts.map((part) => doc.widthOfString(part));
  const total = widths.reduce((a, b) => a + b, 0);
  let x = options.align === 'left' ? box.x : options.align === 'right' ? box.x + box.width - total : box.x + (box.width - total) / 2;
  parts.forEach((part, i) => {
    if (part.trim() !== '') doc.text(part, x, box.y, { lineBreak: false });
    x += widths[i] ?? 0;
  });
}

/** The label and value rows of a slip in one language. */
export function slipRows(slip: TWarehouseOut, lang: 'en' | 'ar', timeZone: string): [string, string][] {
  const l = WAREHOUSE_SLIP_LABELS[lang];
  return [
    [l.slipNumber, String(slip.slipNumber)],
    [l.dateTime, formatSlipDateTime(slip.outAt, timeZone)],
    [l.warehouse, slip.warehouseName],
    [l.silo, slip.siloName ?? l.openArea],
    [l.owner, slip.ownerName],
    [l.lcPo, slip.lcPoNumber],
    [l.destination, slip.toLocationName],
    [l.transporter, slip.transporterName ?? ''],
    [l.truck, slip.truckPlate],
    [l.driver, slip.driverName],
    [l.ticket, slip.ticketNumber],
    [l.quantity, `${slip.quantity} ${l.unit}`],
    [l.createdBy, slip.createdBy],
  ];
}

/** Renders the slip as a PDF, English and Arabic side by side; resolves to the file's bytes. */
export function renderWarehouseSlipPdf(data: { slip: TWarehouseOut; agencyName: string; timeZone: string }, options: { compress?: boolean } = {}): Promise<Buffer> {
  return renderSideBySideSlipPdf(
    { agencyName: data.agencyName, slipNumber: data.slip.slipNumber, reversed: data.slip.status === 'Reversed', labels: WAREHOUSE_SLIP_LABELS, rows: (lang) => slipRows(data.slip, lang, data.timeZone) },
    options,
  );
}

/** What a side-by-side slip shows: per language its title and REVERSED stamp, and its label and value rows. */
export interface SideBySideSlip {
  agencyName: string;
  slipNumber: number;
  reversed: boolean;
  labels: Record<'en' | 'ar', { title: string; reversed: string }>;
  rows: (lang: 'en' | 'ar') => [string, string][];
}

/**
 * The layout of a printed loading slip (A4 landscape), shared by the warehouse and consignee loading slips: the
 * agency's name on top, English on the left half and Arabic on the right half; resolves to the file's bytes.
 */
export async function renderSideBySideSlipPdf(slip: SideBySideSlip, options: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = await newPdfDocument({ size: 'A4', layout: 'landscape', margin: 36, compress: options.compress ?? true, info: { Title: `${slip.labels.en.title} ${slip.slipNumber}`, Author: slip.agencyName } });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const margin = doc.page.margins.left;
  const full = doc.page.width - margin * 2;
  const half = (full - 24) / 2;
  let y = doc.page.margins.top;
  drawLine(doc, slip.agencyName, { x: margin, y, width: full }, { direction: 'ltr', align: 'center', font: 'bold', size: 15 });
  y += 24;
  for (const lang of ['en', 'ar'] as const) {
    const rtl = lang === 'ar';
    const direction = rtl ? 'rtl' : 'ltr';
    const x0 = rtl ? margin + half + 24 : margin;
    let row = y;
    drawLine(doc, slip.labels[lang].title, { x: x0, y: row, width: half }, { direction, align: 'center', font: 'bold', size: 13 });
    row += 20;
    if (slip.reversed) {
      doc.fillColor('#b00020');
      drawLine(doc, slip.labels[lang].reversed, { x: x0, y: row, width: half }, { direction, align: 'center', font: 'bold', size: 12 });
      doc.fillColor('black');
      row += 18;
    }
    const labelWidth = half * 0.42;
    const valueWidth = half - labelWidth - 8;
    for (const [label, value] of slip.rows(lang)) {
      const labelBox = rtl ? { x: x0 + half - labelWidth, y: row, width: labelWidth } : { x: x0, y: row, width: labelWidth };
      const valueBox = rtl ? { x: x0, y: row, width: valueWidth } : { x: x0 + labelWidth + 8, y: row, width: valueWidth };
      drawLine(doc, label, labelBox, { direction, align: rtl ? 'right' : 'left', font: 'bold', size: 10 });
      drawLine(doc, value, valueBox, { direction, align: rtl ? 'right' : 'left', font: 'regular', size: 10 });
      row += 20;
      doc.moveTo(x0, row - 5).lineTo(x0 + half, row - 5).lineWidth(0.2).strokeColor('#999999').stroke().strokeColor('black');
    }
  }
  doc.end();
  return done;
}
