/**
 * The indicator codecs by format (WEIGHING.md, "Indicator output formats"; docs/domain.md, "Weighing: indicator
 * formats"). The gateway reads a bridge through `codecOf(bridge.indicatorFormat).createParser()`, sending
 * `poll.request` when the format needs one; the simulator writes `encode(reading)`.
 */
import type { IndicatorFormat } from '@tonnage/contracts';
import type { IndicatorCodec } from '../weighing.types';
import { stgsCodec } from './stgs';
import { toledoCodec } from './toledo';

export const INDICATOR_CODECS: Partial<Record<IndicatorFormat, IndicatorCodec>> = {
  toledo: toledoCodec(),
  stgs: stgsCodec(),
};

export function codecOf(format: IndicatorFormat): IndicatorCodec {
  const codec = INDICATOR_CODECS[format];
  if (!codec) throw new Error(`No codec for the indicator format ${format}`);
  return codec;
}
