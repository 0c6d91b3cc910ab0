/**
 * The indicator codecs by format (WEIGHING.md, "Indicator output formats"; docs/domain.md, "Weighing: indicator
 * formats"). The gateway reads a bridge through `codecOf(bridge.indicatorFormat).createParser()`, sending
 * `poll.request` when the format needs one; the simulator writes `encode(reading)`.
 */
import type { IndicatorFormat } from '@tonnage/contracts';
import type { IndicatorCodec } from '../weighing.types';
import { mtsicsCodec } from './mtsics';
import { smaCodec } from './sma';
import { stgsCodec } from './stgs';
import { toledoCodec } from './toledo';
import { yaohuaCodec } from './yaohua';

export const INDICATOR_CODECS: Readonly<Record<IndicatorFormat, IndicatorCodec>> = {
  toledo: toledoCodec(),
  mtsics: mtsicsCodec(),
  sma: smaCodec(),
  stgs: stgsCodec(),
  yaohua: yaohuaCodec(),
};

export function codecOf(format: IndicatorFormat): IndicatorCodec {
  return INDICATOR_CODECS[format];
}
