import type { WeighTicketView } from '@tonnage/contracts';
import { describe, expect, it } from 'vitest';
import { pdfLines, pdfTextPieces } from './pdf-text.test-support';
import { TICKET_LABELS, baseDirection, renderTicketPdf, ticketWeight } from './ticket-pdf';

/** A 1x1 JPEG (progressive), as a camera's snapshot would be stored. */
const JPEG =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

const ticket: WeighTicketView = {
  ticketNumber: 'WB-000123',
  agencyName: 'Red Sea Bulk Agency',
  warehouseName: 'مستودع جدة الشمالي',
  weighbridge: 'WB-1 Gate 1',
  truckPlate: 'RUH 1190',
  driverName: 'Omar Haddad',
  first: { kg: 41250, at: '2026-11-24T07:15:00.000Z', manual: false, manualReason: null },
  second: { kg: 14730, at: '2026-11-24T09:40:00.000Z', manual: true, manualReason: 'Indicator offline' },
  net: 26520,
  timeZone: 'Asia/Riyadh',
  pictures: [
    { caption: 'Gate camera (first weight)', jpegBase64: JPEG },
    { caption: 'Gate camera (second weight)', url: '/api/files/x.jpg' },
  ],
  reversed: null,
};

describe('the weighbridge ticket PDF', () => {
  it('holds every label in English and Arabic, the figures and the times on the agency clock', async () => {
    const pdf = await renderTicketPdf(ticket, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pieces = pdfTextPieces(pdf).map((piece) => piece.text);
    const words = new Set(pieces.flatMap((piece) => piece.split(/\s+/)));
    for (const key of ['title', 'ticketNumber', 'warehouse', 'weighbridge', 'truck', 'driver', 'firstWeight', 'secondWeight', 'net', 'manual', 'manualReason'] as const) {
      const label = TICKET_LABELS[key];
      expect(pieces.join('\n'), `English label ${key}`).toContain(label.en);
      // Arabic is drawn word by word; each word comes back shaped glyphs to its own letters, in reading order.
      for (const word of label.ar.split(' ')) expect(words.has(word), `Arabic word ${word} of ${key}`).toBe(true);
    }
    const lines = pdfLines(pdf);
    const text = lines.join('\n');
    expect(text).toContain('WB-000123');
    expect(text).toContain('41,250 kg (41.250 MT)');
    expect(text).toContain('14,730 kg (14.730 MT)');
    expect(text).toContain('26,520 kg (26.520 MT)');
    expect(text).toContain('RUH 1190');
    expect(text).toContain('Omar Haddad');
    expect(text).toContain('Indicator offline');
    // 07:15 UTC is 10:15 in Riyadh.
    expect(text).toContain('24-Nov-2026 10:15');
    expect(text).toContain('24-Nov-2026 12:40');
    // An Arabic value reads right to left: its words are drawn in visual order (the last word leftmost).
    expect(lines.some((line) => line.includes('الشمالي جدة مستودع'))).toBe(true);
    // One row: English label on the left, value in the middle, Arabic label on the right.
    expect(lines).toContain('Net Weight 26,520 kg (26.520 MT) الصافي الوزن');
    // The manual second weight is marked on its row, in both languages.
    expect(lines.find((line) => line.startsWith('Second Weight '))).toContain('MANUAL');
    expect(lines.find((line) => line.startsWith('Second Weight '))).toContain('يدوي');
    expect(text).toContain('Gate camera (first weight)');
    expect(text).not.toContain('REVERSED');
  });

  it('embeds the camera pictures that have their bytes', async () => {
    const withPicture = (await renderTicketPdf(ticket, { compress: false })).toString('latin1');
    const without = (await renderTicketPdf({ ...ticket, pictures: [] }, { compress: false })).toString('latin1');
    expect(withPicture.match(/\/Subtype \/Image/g)?.length).toBe(1);
    expect(withPicture).toContain('/DCTDecode');
    expect(without).not.toContain('/Subtype /Image');
    expect(pdfLines(await renderTicketPdf({ ...ticket, pictures: [] }, { compress: false })).join('\n')).not.toContain('Camera Pictures');
  });

  it('stamps a reversed ticket with the reason, and says a missing second weight is pending', async () => {
    const reversed = await renderTicketPdf(
      { ...ticket, second: null, net: null, reversed: { at: '2026-11-24T11:00:00.000Z', reason: 'Wrong truck' } },
      { compress: false },
    );
    const lines = pdfLines(reversed);
    const text = lines.join('\n');
    expect(lines).toContain('REVERSED معكوس');
    expect(text).toContain('Wrong truck');
    expect(text).toContain('24-Nov-2026 14:00');
    expect(lines.find((line) => line.startsWith('Second Weight '))).toContain('Pending');
    expect(lines.find((line) => line.startsWith('Net Weight '))).toContain('Pending');
    expect(text).not.toContain('MANUAL');
  });

  it('renders compressed by default (what the route sends)', async () => {
    const pdf = await renderTicketPdf(ticket);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/FlateDecode');
  });
});

describe('ticket text helpers', () => {
  it('prints kilograms with tonnes', () => {
    expect(ticketWeight(26520)).toBe('26,520 kg (26.520 MT)');
    expect(ticketWeight(0)).toBe('0 kg (0.000 MT)');
  });

  it('reads a line left to right when it starts with a Latin letter, right to left when with an Arabic one', () => {
    expect(baseDirection('23,450 kg  MANUAL / يدوي')).toBe('ltr');
    expect(baseDirection('مستودع جدة 2')).toBe('rtl');
    expect(baseDirection('24-Nov-2026')).toBe('ltr');
  });
});
