import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formatDate, formatDateTime, formatQuantity } from './format';

describe('formatDate', () => {
  it('formats as DD-MMM-YYYY', () => {
    expect(formatDate('2024-03-05T10:20:00')).toBe('05-Mar-2024');
    expect(formatDate(new Date(2023, 11, 31))).toBe('31-Dec-2023');
    expect(formatDate(dayjs('2025-01-09'))).toBe('09-Jan-2025');
  });

  it('gives an empty text for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('formats as DD-MMM-YYYY HH:mm in 24-hour time', () => {
    expect(formatDateTime('2024-03-05T17:07:59')).toBe('05-Mar-2024 17:07');
    expect(formatDateTime(new Date(2024, 0, 1, 0, 5))).toBe('01-Jan-2024 00:05');
  });

  it('gives an empty text for missing dates', () => {
    expect(formatDateTime(null)).toBe('');
  });
});

describe('formatQuantity', () => {
  it('always shows exactly three decimals and the unit', () => {
    expect(formatQuantity(0)).toBe('0.000 MT');
    expect(formatQuantity(12.5)).toBe('12.500 MT');
    expect(formatQuantity(1234.5678)).toBe('1,234.568 MT');
    expect(formatQuantity(1_000_000)).toBe('1,000,000.000 MT');
  });

  it('handles negatives without a negative zero', () => {
    expect(formatQuantity(-3.25)).toBe('-3.250 MT');
    expect(formatQuantity(-0.0001)).toBe('0.000 MT');
  });

  it('accepts numeric strings (decimals from the API) and rejects the rest', () => {
    expect(formatQuantity('42.1')).toBe('42.100 MT');
    expect(formatQuantity('abc')).toBe('');
    expect(formatQuantity(null)).toBe('');
    expect(formatQuantity(Number.NaN)).toBe('');
  });

  it('takes another unit', () => {
    expect(formatQuantity(7, 'kg')).toBe('7.000 kg');
  });
});
