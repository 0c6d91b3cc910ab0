/** Helpers of the indicator codec tests. */
import type { IndicatorParser, IndicatorReading } from '../weighing.types';

export function bytes(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

/** Feeds `data` to `parser` in chunks of `size` bytes and collects every reading. */
export function feed(parser: IndicatorParser, data: Uint8Array, size = data.length): IndicatorReading[] {
  const out: IndicatorReading[] = [];
  for (let i = 0; i < data.length; i += size) out.push(...parser.push(data.subarray(i, i + size)));
  return out;
}

/** Feeds `data` cut at the given offsets. */
export function feedCut(parser: IndicatorParser, data: Uint8Array, cuts: number[]): IndicatorReading[] {
  const out: IndicatorReading[] = [];
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    out.push(...parser.push(data.subarray(from, cut)));
    from = cut;
  }
  out.push(...parser.push(data.subarray(from)));
  return out;
}
