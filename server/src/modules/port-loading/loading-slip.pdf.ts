import { createRequire } from 'node:module';
import path from 'node:path';
import type { TLoadingSlip } from '@tonnage/contracts';
import bidiFactory from 'bidi-js';
import { newPdfDocument } from '../../platform/pdf';
import { wallClockTime } from '../../platform/time-zone';

/*
 * The printable loading slip (A5) in English or Arabic. Arabic needs shaping and right-to-left order: fontkit
 * (inside pdfkit) shapes a run and lays out an Arabic run right to left; bidi-js splits mixed text (Arabic names
 * with Latin plate numbers and digits) into directional runs, which are placed in visual order here.
 */

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT = path.join(fontDir, 'DejaVuSans.ttf');
const FONT_BOLD = path.join(fontDir, 'DejaVuSans-Bold.ttf');
const bidi = bidiFactory();

export type SlipLang = 'en' | 'ar';

const LABELS = {
  en: {
    title: 'Loading Slip',
    slipNumber: 'Slip No.',
    dateTime: 'Date / Time',
    vessel: 'Vessel / Voyage',
    lcPo: 'LC / PO',
    consignee: 'BL Consignee',
    cargo: 'Cargo',
    port: 'Port',
    destination: 'Destination',
    transporter: 'Transporter',
    truck: 'Truck Plate',
    driver: 'Driver',
    wbt: 'WBT Number',
    quantity: 'Quantity',
    createdBy: 'Created By',
    self: 'Self',
    reversed: 'REVERSED',
    signDriver: 'Driver signature',
    signLoader: 'Loading supervisor',
    signReceiver: 'Receiver',
    unit: 'MT',
  },
  ar: {
    title: 'إيصال تحميل',
    slipNumber: 'رقم الإيصال',
    dateTime: 'التاريخ / الوقت',
    vessel: 'السفينة / الرحلة',
    lcPo: 'الاعتماد / أمر الشراء',
    consignee: 'المستلم في البوليصة',
    cargo: 'البضاعة',
    port: 'الميناء',
    destination: 'الوجهة',
    transporter: 'الناقل',
    truck: 'رقم لوحة الشاحنة',
    driver: 'السائق',
    wbt: 'رقم تذكرة الميزان',
    quantity: 'الكمية',
    createdBy: 'أنشأها',
    self: 'ذاتي',
    reversed: 'معكوس',
    signDriver: 'توقيع السائق',
    signLoader: 'مشرف التحميل',
    signReceiver: 'المستلم',
    unit: 'MT',
  },
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** DD-MMM-YYYY HH:mm of an instant in a timezone (spec section 9). */
export function formatSlipDateTime(iso: string, timezone: string): string {
  const local = wallClockTime(iso, timezone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(local.getUTCDate())}-${MONTHS[local.getUTCMonth()]}-${local.getUTCFullYear()} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

/** 1234.5 -> '1,234.500' (the API already gives 3 decimals; only the grouping is added). */
function groupThousands(tonnes: string): string {
  const [whole = '0', fraction = '000'] = tonnes.split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  return `${negative ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

interface Run {
  text: string;
  level: number;
}

/** The directional runs of a line in visual (left-to-right) order, for a base direction. */
export function visualRuns(text: string, direction: 'ltr' | 'rtl'): Run[] {
  if (text === '') return [];
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const runs: Run[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const level = levels[i] ?? 0;
    const last = runs[runs.length - 1];
    if (last && last.level === level) last.text += text[i];
    else runs.push({ text: text[i] ?? '', level });
  }
  // Rule L2 over runs: from the highest level down to the lowest odd level, reverse every sequence at or above it.
  const max = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : Infinity)));
  for (let level = max; level >= lowestOdd && Number.isFinite(lowestOdd); level -= 1) {
    let start = -1;
    for (let i = 0; i <= runs.length; i += 1) {
      const inside = i < runs.length && (runs[i]?.level ?? 0) >= level;
      if (inside && start < 0) start = i;
      if (!inside && start >= 0) {
        const reversed = runs.slice(start, i).reverse();
        runs.splice(start, reversed.length, ...reversed);
        start = -1;
      }
    }
  }
  return runs;
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

/**
 * The pieces of a line to draw left to right. fontkit shapes an Arabic run and orders its glyphs right to left, but
 * pdfkit loses the spaces inside such a run, so a right-to-left run is drawn word by word, the words in visual order.
 */
function pieces(runs: Run[]): string[] {
  return runs.flatMap((run) => {
    if (run.level % 2 === 0) return [run.text];
    const words = run.text.split(/( +)/).filter((w) => w !== '');
    return words.reverse();
  });
}

/** What `drawLine` draws, left to right, for a line on a page of the direction. */
export function linePieces(text: string, direction: 'ltr' | 'rtl'): string[] {
  return pieces(visualRuns(text, ARABIC.test(text) ? direction : 'ltr'));
}

/**
 * Draws one line of mixed-direction text aligned to the left or right edge of a box. Text without Arabic letters
 * (dates, numbers, plates, Latin names) keeps its own left-to-right order also on an Arabic slip, as an isolate.
 */
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

export interface SlipPdfData {
  slip: TLoadingSlip;
  agencyName: string;
  timezone: string;
  createdBy: string;
}

/** Renders the slip as a PDF (A5 portrait) in the language; resolves to the file's bytes. */
export async function renderLoadingSlipPdf(data: SlipPdfData, lang: SlipLang, options: { compress?: boolean } = {}): Promise<Buffer> {
  const labels = LABELS[lang];
  const { slip } = data;
  const rtl = lang === 'ar';
  const direction = rtl ? 'rtl' : 'ltr';
  const doc = await newPdfDocument({ size: 'A5', margin: 36, compress: options.compress ?? true, info: { Title: `${LABELS.en.title} ${slip.slipNumber}`, Author: data.agencyName } });
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
  let y = doc.page.margins.top;

  drawLine(doc, data.agencyName, { x: left, y, width }, { direction, align: 'center', font: 'bold', size: 15 });
  y += 24;
  drawLine(doc, labels.title, { x: left, y, width }, { direction, align: 'center', font: 'bold', size: 13 });
  y += 22;
  if (slip.status === 'Reversed') {
    doc.fillColor('#b00020');
    drawLine(doc, labels.reversed, { x: left, y, width }, { direction, align: 'center', font: 'bold', size: 12 });
    doc.fillColor('black');
    y += 18;
  }
  doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.8).stroke();
  y += 10;

  const transporter = slip.transporterKind === 'self' ? labels.self : (slip.transporterName ?? '');
  const rows: [string, string][] = [
    [labels.slipNumber, String(slip.slipNumber)],
    [labels.dateTime, formatSlipDateTime(slip.loadedAt, data.timezone)],
    [labels.vessel, `${slip.vesselName} / ${slip.voyageNumber}`],
    [labels.lcPo, slip.lcPoNumber],
    [labels.consignee, slip.blConsigneeName],
    [labels.cargo, slip.cargoTypeName],
    [labels.port, slip.portName],
    [labels.destination, slip.toLocationName],
    [labels.transporter, transporter],
    [labels.truck, slip.truckPlate],
    [labels.driver, slip.driverName],
    [labels.wbt, slip.wbtNumber],
    [labels.quantity, `${groupThousands(slip.quantity)} ${labels.unit}`],
    [labels.createdBy, data.createdBy],
  ];
  const labelWidth = width * 0.4;
  const valueWidth = width - labelWidth - 8;
  for (const [label, value] of rows) {
    const labelBox = rtl ? { x: left + width - labelWidth, y, width: labelWidth } : { x: left, y, width: labelWidth };
    const valueBox = rtl ? { x: left, y, width: valueWidth } : { x: left + labelWidth + 8, y, width: valueWidth };
    drawLine(doc, label, labelBox, { direction, align: rtl ? 'right' : 'left', font: 'bold', size: 10 });
    drawLine(doc, value, valueBox, { direction, align: rtl ? 'right' : 'left', font: 'regular', size: 10 });
    y += 20;
    doc.moveTo(left, y - 5).lineTo(left + width, y - 5).lineWidth(0.2).strokeColor('#999999').stroke().strokeColor('black');
  }

  y += 40;
  const signatures = [labels.signDriver, labels.signLoader, labels.signReceiver];
  const slot = width / signatures.length;
  const ordered = rtl ? [...signatures].reverse() : signatures;
  ordered.forEach((label, i) => {
    const x = left + i * slot;
    doc.moveTo(x + 6, y).lineTo(x + slot - 6, y).lineWidth(0.6).stroke();
    drawLine(doc, label, { x, y: y + 4, width: slot }, { direction, align: 'center', font: 'regular', size: 8 });
  });

  doc.end();
  return done;
}
