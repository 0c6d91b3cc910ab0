import { createRequire } from 'node:module';
import path from 'node:path';
import type { WeighTicketView } from '@tonnage/contracts';
import { newPdfDocument } from '../../platform/pdf';
import { formatSlipDateTime, linePieces } from '../port-loading/loading-slip.pdf';

/*
 * The printed weighbridge ticket (issue 12) as a PDF: A4 portrait, English and Arabic side by side as tickets in
 * the Gulf are (English label on the left, the value in the middle, the Arabic label on the right), MANUAL marked
 * with its reason, the camera pictures of the captures, and a REVERSED stamp with the reason. Arabic is shaped by
 * fontkit (inside pdfkit) and ordered right to left by the loading slip's bidi layout (bidi-js), with the same
 * DejaVu fonts, which carry Arabic.
 */

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT = path.join(fontDir, 'DejaVuSans.ttf');
const FONT_BOLD = path.join(fontDir, 'DejaVuSans-Bold.ttf');

/** The ticket's labels, English and Arabic (both are printed). */
export const TICKET_LABELS = {
  title: { en: 'Weighbridge Ticket', ar: 'تذكرة الميزان' },
  ticketNumber: { en: 'Ticket No.', ar: 'رقم التذكرة' },
  warehouse: { en: 'Warehouse', ar: 'المستودع' },
  weighbridge: { en: 'Weighbridge', ar: 'الميزان' },
  truck: { en: 'Truck Plate', ar: 'رقم لوحة الشاحنة' },
  driver: { en: 'Driver', ar: 'السائق' },
  firstWeight: { en: 'First Weight', ar: 'الوزن الأول' },
  firstAt: { en: 'First Weight Time', ar: 'وقت الوزن الأول' },
  secondWeight: { en: 'Second Weight', ar: 'الوزن الثاني' },
  secondAt: { en: 'Second Weight Time', ar: 'وقت الوزن الثاني' },
  net: { en: 'Net Weight', ar: 'الوزن الصافي' },
  manual: { en: 'MANUAL', ar: 'يدوي' },
  manualReason: { en: 'Manual Weight Reason', ar: 'سبب الوزن اليدوي' },
  pending: { en: 'Pending', ar: 'قيد الانتظار' },
  reversed: { en: 'REVERSED', ar: 'معكوس' },
  reversedAt: { en: 'Reversed At', ar: 'وقت العكس' },
  reversalReason: { en: 'Reversal Reason', ar: 'سبب العكس' },
  pictures: { en: 'Camera Pictures', ar: 'صور الكاميرا' },
  signOperator: { en: 'Weighbridge Operator', ar: 'مشغل الميزان' },
  signDriver: { en: 'Driver Signature', ar: 'توقيع السائق' },
} as const;

const kgFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const mtFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** '23,450 kg (23.450 MT)': the ticket prints kilograms, with tonnes as the rest of the app shows them. */
export function ticketWeight(kg: number): string {
  const whole = Math.round(kg);
  return `${kgFormat.format(whole)} kg (${mtFormat.format(whole / 1000)} MT)`;
}

interface Box {
  x: number;
  y: number;
  width: number;
}

interface LineStyle {
  align: 'left' | 'right' | 'center';
  font: 'regular' | 'bold';
  size: number;
  color?: string;
}

const ARABIC_LETTER = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const LATIN_LETTER = /[A-Za-z\u00c0-\u024f]/;

/** The paragraph direction of a line by its first strong letter (Unicode rule P2): a Latin start reads left to right. */
export function baseDirection(text: string): 'ltr' | 'rtl' {
  for (const char of text) {
    if (ARABIC_LETTER.test(char)) return 'rtl';
    if (LATIN_LETTER.test(char)) return 'ltr';
  }
  return 'ltr';
}

/** Draws one line of mixed-direction text in a box: Arabic in right-to-left runs (word by word), the rest as it is. */
function drawLine(doc: PDFKit.PDFDocument, text: string, box: Box, style: LineStyle): void {
  if (text === '') return;
  doc.font(style.font).fontSize(style.size).fillColor(style.color ?? 'black');
  const parts = linePieces(text, baseDirection(text));
  const widths = parts.map((part) => doc.widthOfString(part));
  const total = widths.reduce((a, b) => a + b, 0);
  let x = style.align === 'left' ? box.x : style.align === 'right' ? box.x + box.width - total : box.x + (box.width - total) / 2;
  parts.forEach((part, i) => {
    if (part.trim() !== '') doc.text(part, x, box.y, { lineBreak: false });
    x += widths[i] ?? 0;
  });
  doc.fillColor('black');
}

/** Cuts a value to fit its column (long names), keeping what a reader needs first. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

type Row = { label: { en: string; ar: string }; value: string; marked?: boolean };

function weighingRows(
  which: 'first' | 'second',
  weighing: WeighTicketView['first'] | null,
  timeZone: string,
): Row[] {
  const weightLabel = which === 'first' ? TICKET_LABELS.firstWeight : TICKET_LABELS.secondWeight;
  const atLabel = which === 'first' ? TICKET_LABELS.firstAt : TICKET_LABELS.secondAt;
  if (!weighing) return [{ label: weightLabel, value: `${TICKET_LABELS.pending.en} / ${TICKET_LABELS.pending.ar}` }];
  const manual = weighing.manual ? `  ${TICKET_LABELS.manual.en} / ${TICKET_LABELS.manual.ar}` : '';
  const rows: Row[] = [
    { label: weightLabel, value: `${ticketWeight(weighing.kg)}${manual}`, marked: weighing.manual },
    { label: atLabel, value: formatSlipDateTime(weighing.at, timeZone) },
  ];
  if (weighing.manual) rows.push({ label: TICKET_LABELS.manualReason, value: weighing.manualReason ?? '', marked: true });
  return rows;
}

/** Renders the ticket; resolves to the PDF's bytes. `compress: false` keeps the text readable (tests). */
export async function renderTicketPdf(view: WeighTicketView, options: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = await newPdfDocument({
    size: 'A4',
    margin: 40,
    compress: options.compress ?? true,
    info: { Title: `${TICKET_LABELS.title.en} ${view.ticketNumber}`, Author: view.agencyName },
  });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const full = (y: number): Box => ({ x: left, y, width });
  let y = doc.page.margins.top;

  drawLine(doc, view.agencyName, full(y), { align: 'center', font: 'bold', size: 16 });
  y += 26;
  drawLine(doc, TICKET_LABELS.title.en, full(y), { align: 'left', font: 'bold', size: 14 });
  drawLine(doc, TICKET_LABELS.title.ar, full(y), { align: 'right', font: 'bold', size: 14 });
  y += 24;
  doc.moveTo(left, y).lineTo(left + width, y).lineWidth(1).stroke();
  y += 10;

  if (view.reversed) {
    // The stamp: a framed red band across the page, in both languages, with when and why.
    doc.save().lineWidth(2).strokeColor('#b00020').rect(left, y, width, 30).stroke().restore();
    drawLine(doc, `${TICKET_LABELS.reversed.en}   ${TICKET_LABELS.reversed.ar}`, { x: left, y: y + 8, width }, { align: 'center', font: 'bold', size: 14, color: '#b00020' });
    y += 40;
  }

  const rows: Row[] = [
    { label: TICKET_LABELS.ticketNumber, value: view.ticketNumber },
    { label: TICKET_LABELS.warehouse, value: view.warehouseName },
    { label: TICKET_LABELS.weighbridge, value: view.weighbridge },
    { label: TICKET_LABELS.truck, value: view.truckPlate },
    { label: TICKET_LABELS.driver, value: view.driverName },
    ...weighingRows('first', view.first, view.timeZone),
    ...weighingRows('second', view.second, view.timeZone),
    { label: TICKET_LABELS.net, value: view.net === null ? `${TICKET_LABELS.pending.en} / ${TICKET_LABELS.pending.ar}` : ticketWeight(view.net) },
  ];
  if (view.reversed) {
    rows.push({ label: TICKET_LABELS.reversedAt, value: formatSlipDateTime(view.reversed.at, view.timeZone), marked: true });
    rows.push({ label: TICKET_LABELS.reversalReason, value: view.reversed.reason, marked: true });
  }

  const labelWidth = width * 0.28;
  const valueWidth = width - 2 * labelWidth - 16;
  for (const row of rows) {
    const net = row.label === TICKET_LABELS.net;
    const size = net ? 12 : 10;
    drawLine(doc, row.label.en, { x: left, y, width: labelWidth }, { align: 'left', font: 'bold', size });
    doc.font(net ? 'bold' : 'regular').fontSize(size);
    drawLine(doc, fit(doc, row.value, valueWidth), { x: left + labelWidth + 8, y, width: valueWidth }, {
      align: 'center',
      font: net ? 'bold' : 'regular',
      size,
      color: row.marked ? '#b00020' : undefined,
    });
    drawLine(doc, row.label.ar, { x: left + width - labelWidth, y, width: labelWidth }, { align: 'right', font: 'bold', size });
    y += net ? 24 : 20;
    doc.moveTo(left, y - 6).lineTo(left + width, y - 6).lineWidth(0.2).strokeColor('#999999').stroke().strokeColor('black');
  }

  const embedded = view.pictures.filter((picture) => picture.jpegBase64);
  if (embedded.length > 0) {
    y += 10;
    drawLine(doc, TICKET_LABELS.pictures.en, full(y), { align: 'left', font: 'bold', size: 11 });
    drawLine(doc, TICKET_LABELS.pictures.ar, full(y), { align: 'right', font: 'bold', size: 11 });
    y += 18;
    const gap = 10;
    const slot = (width - gap) / 2;
    const height = slot * 0.6;
    embedded.forEach((picture, i) => {
      const column = i % 2;
      if (column === 0 && i > 0) y += height + 26;
      if (y + height + 20 > doc.page.height - doc.page.margins.bottom - 60) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      const x = left + column * (slot + gap);
      try {
        doc.image(Buffer.from(picture.jpegBase64 ?? '', 'base64'), x, y, { fit: [slot, height], align: 'center', valign: 'center' });
      } catch {
        // A stored picture that is not a readable JPEG: the frame and caption still say a picture was taken.
      }
      doc.rect(x, y, slot, height).lineWidth(0.4).strokeColor('#999999').stroke().strokeColor('black');
      drawLine(doc, picture.caption, { x, y: y + height + 4, width: slot }, { align: 'center', font: 'regular', size: 9 });
    });
    y += height + 30;
  }

  if (y + 60 > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  y += 40;
  const signatures = [TICKET_LABELS.signOperator, TICKET_LABELS.signDriver];
  const slot = width / signatures.length;
  signatures.forEach((label, i) => {
    const x = left + i * slot;
    doc.moveTo(x + 10, y).lineTo(x + slot - 10, y).lineWidth(0.6).stroke();
    drawLine(doc, `${label.en} / ${label.ar}`, { x, y: y + 4, width: slot }, { align: 'center', font: 'regular', size: 9 });
  });

  doc.end();
  return done;
}
