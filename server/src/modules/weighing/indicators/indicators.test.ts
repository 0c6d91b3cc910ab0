import { INDICATOR_FORMATS } from '@tonnage/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IndicatorReading } from '../weighing.types';
import { feedCut } from './codec.test-support';
import { codecOf, INDICATOR_CODECS } from './index';
import { toledoCodec } from './toledo';
import { yaohuaCodec } from './yaohua';

const reading = fc.record({
  kg: fc.integer({ min: -9_999, max: 99_999 }),
  stable: fc.boolean(),
  net: fc.boolean(),
});
/** Bytes that are no start byte, LF or CR in any format (and stay so with the parity bit masked). */
const garbage = fc.array(fc.constantFrom(...'#~z!@%'.split('').map((c) => c.charCodeAt(0))), { minLength: 0, maxLength: 6 });

/** What a format can carry of a reading: yaohua has no stability flag, MT-SICS and yaohua no net flag. */
function expected(format: string, r: { kg: number; stable: boolean; net: boolean }): Partial<IndicatorReading> {
  return {
    kg: r.kg,
    stable: format === 'yaohua' ? null : r.stable,
    overload: false,
    ...(format === 'mtsics' || format === 'yaohua' ? {} : { net: r.net }),
  };
}

describe('every indicator codec', () => {
  it('has one codec per format of the contracts', () => {
    for (const format of INDICATOR_FORMATS) expect(codecOf(format).format).toBe(format);
    expect(Object.keys(INDICATOR_CODECS).sort()).toEqual([...INDICATOR_FORMATS].sort());
  });

  for (const format of INDICATOR_FORMATS) {
    it(`${format}: encode -> parse round-trips any readings, cut anywhere, with garbage between frames`, () => {
      fc.assert(
        fc.property(fc.array(fc.tuple(reading, garbage), { minLength: 1, maxLength: 12 }), fc.array(fc.nat(), { maxLength: 10 }), (frames, cutSeeds) => {
          const codec = codecOf(format);
          const sent = Buffer.concat(frames.map(([r, junk]) => Buffer.concat([Buffer.from(junk), codec.encode({ ...r, overload: false })])));
          const cuts = cutSeeds.map((n) => n % (sent.length + 1));
          // An indicator never stops sending: one more frame follows. Toledo needs it while it has not yet learnt
          // whether frames carry a checksum and the first checksum happens to equal STX (the byte after it decides).
          const data = Buffer.concat([sent, codec.encode({ kg: 0, stable: true, net: false, overload: false })]);
          const parser = codec.createParser();
          const readings = feedCut(parser, data, cuts).slice(0, frames.length);
          expect(readings).toEqual(frames.map(([r]) => expected(format, r)));
          expect(parser.dropped).toBe(frames.filter(([, junk]) => junk.length > 0).length);
        }),
        { numRuns: 150 },
      );
    });
  }

  it('toledo without checksum and in pounds, and the yaohua "=" format, round-trip too', () => {
    const variants = [toledoCodec({ checksum: false }), toledoCodec({ unit: 'lb', decimals: 1 }), yaohuaCodec({ variant: 'equals', decimals: 1 })];
    for (const codec of variants) {
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 0, max: 40_000 }), { minLength: 2, maxLength: 8 }), fc.nat(), (weights, cut) => {
          const data = Buffer.concat(weights.map((kg) => codec.encode({ kg, stable: true, overload: false })));
          const parser = codec.createParser();
          // Toledo without checksum learns it from the byte after CR: the last frame waits for the next one.
          const read = feedCut(parser, Buffer.concat([data, codec.encode({ kg: 0, stable: true, overload: false })]), [cut % data.length]);
          const tolerance = codec === variants[1] ? 0.05 : 0;
          expect(read.length).toBeGreaterThanOrEqual(weights.length);
          weights.forEach((kg, i) => expect(Math.abs((read[i]?.kg ?? Number.NaN) - kg)).toBeLessThanOrEqual(tolerance));
          expect(parser.dropped).toBe(0);
        }),
        { numRuns: 80 },
      );
    }
  });
});
