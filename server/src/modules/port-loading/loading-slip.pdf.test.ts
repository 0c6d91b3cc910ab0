import { describe, expect, it } from 'vitest';
import { formatSlipDateTime, linePieces } from './loading-slip.pdf';

describe('slip PDF line layout', () => {
  it('draws an Arabic label word by word from the right, keeping the spaces', () => {
    // Visual left-to-right order: the second word on the left, the first on the right.
    expect(linePieces('رقم الإيصال', 'rtl')).toEqual(['الإيصال', ' ', 'رقم']);
    expect(linePieces('إيصال تحميل', 'rtl').join('')).toBe('تحميل إيصال');
  });

  it('keeps dates, numbers and Latin values in their own order on an Arabic slip', () => {
    expect(linePieces('22-Nov-2026 04:21', 'rtl').join('')).toBe('22-Nov-2026 04:21');
    expect(linePieces('37.050 MT', 'rtl').join('')).toBe('37.050 MT');
  });

  it('places a Latin plate inside an Arabic sentence where a reader expects it', () => {
    // "truck RUH 1190" in Arabic: the plate stays readable left to right, to the left of the Arabic word.
    expect(linePieces('الشاحنة RUH 1190', 'rtl').join('')).toBe('RUH 1190 الشاحنة');
  });
});

describe('slip PDF time', () => {
  it('shows the loading time on the agency’s clock, as the web does (11:17 UTC is 14:17 in Riyadh)', () => {
    expect(formatSlipDateTime('2026-11-21T11:17:00.000Z', 'Asia/Riyadh')).toBe('21-Nov-2026 14:17');
    expect(formatSlipDateTime('2026-11-21T22:05:00.000Z', 'Asia/Riyadh')).toBe('22-Nov-2026 01:05');
    expect(formatSlipDateTime('2026-11-21T11:17:00.000Z', 'UTC')).toBe('21-Nov-2026 11:17');
  });
});
