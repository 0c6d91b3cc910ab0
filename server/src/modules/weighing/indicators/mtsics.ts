/**
 * MT-SICS (METTLER TOLEDO Standard Interface Command Set), over a serial line or TCP. The host asks `SI CR LF`
 * (the weight now, stable or not) about every 150 ms; the indicator answers one line:
 *
 *   S S     100.00 g CR LF     stable            S D    -12.35 kg CR LF   dynamic (in motion)
 *   S I CR LF                  busy: no reading  S + / S - CR LF          over / under the range
 *   ES / ET / EL CR LF         syntax, transmission or logical error: no reading
 *
 * Sources: METTLER TOLEDO AT balances operating instructions, "S - Send stable weight value"; MT-SICS reference
 * manual for weigh modules, 2.1.2 "Format of responses with weight value" and 2.1.4 "Specific error messages on
 * weight response". `S +`/`S -` carry no value: the reading is out of range with kg = +/-Infinity.
 */
import type { IndicatorCodec, IndicatorParser, IndicatorReading } from '../weighing.types';
import { fixedText, kgPerUnit, type LineAnswer, LineParser, parseDecimalText, roundKg } from './common';

const WEIGHT = /S\s+([SD])\s+([+-]?\s*[0-9.]+)\s+([A-Za-z]+)\s*$/;
const NO_VALUE = /^S\s+([I+-])\s*$/;
const ERROR = /^E[STL]\s*$/;

function parseSicsLine(line: string): LineAnswer {
  const noValue = NO_VALUE.exec(line);
  if (noValue) {
    if (noValue[1] === 'I') return 'none';
    const over = noValue[1] === '+';
    const reading: IndicatorReading = { kg: over ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY, stable: false, overload: true };
    return { readings: [reading], garbageBefore: false };
  }
  if (ERROR.test(line)) return 'none';
  const m = WEIGHT.exec(line);
  if (!m) return null;
  const [, status, value = '', unit = ''] = m;
  const perUnit = kgPerUnit(unit);
  const number = parseDecimalText(value);
  if (perUnit === null || number === null) return null;
  const reading: IndicatorReading = { kg: roundKg(number * perUnit), stable: status === 'S', overload: false };
  return { readings: [reading], garbageBefore: m.index > 0 };
}

export interface MtsicsOptions {
  decimals?: number;
  unit?: 'kg' | 't';
}

/** The answer to `SI`: `S S      32540 kg\r\n` (the value right-aligned in 10 characters), `S +` or `S -`. */
export function encodeMtsics(reading: IndicatorReading, options: MtsicsOptions = {}): Buffer {
  const decimals = options.decimals ?? 0;
  const unit = options.unit ?? 'kg';
  const shown = unit === 't' ? reading.kg / 1000 : reading.kg;
  if (reading.overload || !Number.isFinite(shown)) return Buffer.from(shown < 0 ? 'S -\r\n' : 'S +\r\n', 'latin1');
  const value = `${shown < 0 ? '-' : ''}${fixedText(shown, decimals)}`.padStart(10, ' ');
  return Buffer.from(`S ${reading.stable === false ? 'D' : 'S'} ${value} ${unit}\r\n`, 'latin1');
}

export function mtsicsCodec(options: MtsicsOptions = {}): IndicatorCodec {
  return {
    format: 'mtsics',
    createParser: (): IndicatorParser => new LineParser(parseSicsLine),
    encode: (reading) => encodeMtsics(reading, options),
    poll: { request: Buffer.from('SI\r\n', 'latin1'), everyMs: 150 },
  };
}
