/**
 * The A&D style line (A&D AD-4325/AD-4329/AD-4404, many Asian indicators, Rinstrum FMT_4):
 *
 *   ST,GS,+0034520kg CR LF
 *
 * Header 1: `ST` stable, `US` unstable, `OL` overload (out of range); `QT` (a count) carries no weight.
 * Header 2: `GS`/`G ` gross, `NT`/`N ` net; `TR`/`T `/`PT` tare lines carry no deck weight. Some indicators omit it.
 * Data: 8 characters including the sign and the decimal point; out of range the digits are spaces (or all 9).
 * Unit: `kg`, ` g`, ` t`, `lb`, or none (then kg: a weighbridge without a unit shows kilograms).
 * Sources: A&D AD-4404 product specifications 9.2.6 "A&D Data Format"; A&D AD-4329A 11.1.1 "Data Format";
 * A&D AD-4403 8-6 "Data Transmitting Format"; AUTODA AD2017D manual (`ST, GS, +0123456`).
 */
import type { IndicatorCodec, IndicatorParser, IndicatorReading } from '../weighing.types';
import { fixedText, type LineAnswer, kgPerUnit, LineParser, parseDecimalText, roundKg } from './common';

const LINE = /(ST|US|OL|QT)\s*,\s*(?:(GS|NT|TR|PT|G |N |T )\s*,)?\s*([+-]?[ 0-9.]*)\s*,?\s*([A-Za-z]{0,3})\s*$/;

function parseStgsLine(line: string): LineAnswer {
  const m = LINE.exec(line);
  if (!m) return null;
  const [, head1, head2 = 'GS', data = '', unit = ''] = m;
  if (head1 === 'QT' || head2 === 'TR' || head2 === 'PT' || head2 === 'T ') return 'none';
  const overload = head1 === 'OL';
  const perUnit = unit === '' ? 1 : kgPerUnit(unit);
  if (perUnit === null) return null;
  let value = parseDecimalText(data);
  if (value === null) {
    // Out of range: the digits are spaces. Only then is a missing value read (as beyond the range).
    if (!overload || !/^[+-]?[ .]*$/.test(data)) return null;
    value = data.trim().startsWith('-') ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  const reading: IndicatorReading = {
    kg: roundKg(value * perUnit),
    stable: head1 === 'ST',
    overload,
    net: head2 === 'NT' || head2 === 'N ',
  };
  return { readings: [reading], garbageBefore: m.index > 0 };
}

export interface StgsOptions {
  /** Decimals shown; default 0. */
  decimals?: number;
  unit?: 'kg' | 't';
}

/** `ST,GS,+0034520kg\r\n`: 8 data characters with the sign (and the decimal point when there are decimals). */
export function encodeStgs(reading: IndicatorReading, options: StgsOptions = {}): Buffer {
  const decimals = options.decimals ?? 0;
  const unit = options.unit ?? 'kg';
  const shown = unit === 't' ? reading.kg / 1000 : reading.kg;
  const width = decimals > 0 ? 6 : 7;
  const body = Number.isFinite(shown) ? fixedText(shown, decimals).padStart(width, '0') : '';
  const tooBig = body.length !== width;
  const overload = reading.overload || tooBig;
  const head1 = overload ? 'OL' : reading.stable === false ? 'US' : 'ST';
  const head2 = reading.net ? 'NT' : 'GS';
  const sign = shown < 0 ? '-' : '+';
  const data = overload ? (decimals > 0 ? `${' '.repeat(width - decimals - 1)}.${' '.repeat(decimals)}` : ' '.repeat(width)) : body;
  return Buffer.from(`${head1},${head2},${sign}${data}${unit === 't' ? ' t' : 'kg'}\r\n`, 'latin1');
}

export function stgsCodec(options: StgsOptions = {}): IndicatorCodec {
  return {
    format: 'stgs',
    createParser: (): IndicatorParser => new LineParser(parseStgsLine),
    encode: (reading) => encodeStgs(reading, options),
  };
}
