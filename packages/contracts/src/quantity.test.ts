import { describe, expect, it } from 'vitest';
import { kgToTonnes, tonnesToKg } from './quantity';

describe('quantities', () => {
  it('turns tonnes into exact kilograms', () => {
    expect(tonnesToKg('12.345')).toBe(12345n);
    expect(tonnesToKg('12.3')).toBe(12300n);
    expect(tonnesToKg('7')).toBe(7000n);
    expect(tonnesToKg(' 0.001 ')).toBe(1n);
    expect(tonnesToKg('-0.5')).toBe(-500n);
    expect(tonnesToKg(0.1)).toBe(100n);
    expect(tonnesToKg('90071992547409.991')).toBe(90071992547409991n);
  });

  it('refuses more than 3 decimals and anything that is not a plain decimal', () => {
    for (const bad of ['1.2345', '1e3', '', '.5', '1.', '1,5', 'abc', '--1']) expect(() => tonnesToKg(bad)).toThrow(RangeError);
    expect(() => tonnesToKg(0.0001)).toThrow(RangeError);
  });

  it('turns kilograms into tonnes with 3 decimals', () => {
    expect(kgToTonnes(12345)).toBe('12.345');
    expect(kgToTonnes(5n)).toBe('0.005');
    expect(kgToTonnes(-500n)).toBe('-0.500');
    expect(kgToTonnes(0)).toBe('0.000');
    expect(() => kgToTonnes(1.5)).toThrow(RangeError);
  });

  it('round-trips', () => {
    for (const kg of [0n, 1n, 999n, 1000n, 123456789n, -42n]) expect(tonnesToKg(kgToTonnes(kg))).toBe(kg);
  });
});
