import { describe, expect, it } from 'vitest';
import { linePieces } from './loading-slip.pdf';

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
