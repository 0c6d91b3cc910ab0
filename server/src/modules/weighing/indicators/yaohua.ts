/**
 * Yaohua XK3190 (A9, A12, A23, A26 ...) and Keli indicators, continuous output. No stability flag: stability is
 * computed from the readings (stable = null). Two frames, told apart by their start byte:
 *
 * - tf=0 (12 bytes): STX, `+`/`-`, 6 digits of the shown weight (no decimal point), the number of decimals (`0`-`4`),
 *   the XOR of bytes 2 to 9 as two ASCII hex digits (high nibble first; 0-9 -> 30h-39h, A-F -> 41h-46h), ETX.
 * - "=" format (9 bytes): `=`, the shown weight with its decimal point in 7 characters written backwards (lowest
 *   digit first), then the sign (`0` or `-`): `=000.3000` is 3.000, `=00.1000-` is -1.00. No checksum.
 *
 * Sources: Yaohua XK3190-A23P manual, "Continuous communication format 1/2"; XK3190-A26 manual, "Continuous
 * communication format 0/1"; XK3190-A9+ manual, "Continuous method (Tf=0)".
 */
import type { IndicatorCodec, IndicatorParser, IndicatorReading } from '../weighing.types';
import { DropCounter, fixedDigits, fixedText, PendingBytes, roundKg } from './common';

const STX = 0x02;
const ETX = 0x03;
const EQUALS = 0x3d;
const TF0 = 12;
const EQ = 9;

function hexDigit(n: number): number {
  return n <= 9 ? 0x30 + n : 0x37 + n;
}

/** The XOR of bytes 1..8 (sign to decimals) of a tf=0 frame, as its two ASCII characters. */
export function yaohuaXor(frame: Uint8Array): [number, number] {
  let x = 0;
  for (let i = 1; i <= 8; i++) x ^= frame[i] ?? 0;
  return [hexDigit(x >> 4), hexDigit(x & 0x0f)];
}

function decodeTf0(bytes: Buffer): IndicatorReading | null {
  if (bytes[TF0 - 1] !== ETX) return null;
  const [hi, lo] = yaohuaXor(bytes);
  if (bytes[9] !== hi || bytes[10] !== lo) return null;
  const text = bytes.subarray(1, 9).toString('latin1');
  const m = /^([+-])(\d{6})([0-4])$/.exec(text);
  if (!m) return null;
  const value = Number(m[2]) / 10 ** Number(m[3]);
  return { kg: roundKg(m[1] === '-' ? -value : value), stable: null, overload: false };
}

function decodeEquals(bytes: Buffer): IndicatorReading | null {
  const data = bytes.subarray(1, 8).toString('latin1');
  const sign = String.fromCharCode(bytes[8] ?? 0);
  if (!/^[0-9.]{7}$/.test(data) || (data.match(/\./g) ?? []).length > 1 || !'0+ -'.includes(sign)) return null;
  const shown = [...data].reverse().join('');
  if (shown.startsWith('.') || shown.endsWith('.')) return null;
  const value = Number(shown);
  return { kg: roundKg(sign === '-' ? -value : value), stable: null, overload: false };
}

class YaohuaParser implements IndicatorParser {
  private readonly pending = new PendingBytes();
  private readonly drops = new DropCounter();

  get dropped(): number {
    return this.drops.dropped;
  }

  push(chunk: Uint8Array): IndicatorReading[] {
    if (this.pending.append(chunk)) this.drops.skip();
    const out: IndicatorReading[] = [];
    for (;;) {
      const bytes = this.pending.bytes;
      let start = bytes.findIndex((b) => b === STX || b === EQUALS);
      if (start < 0) start = bytes.length;
      if (start > 0) {
        this.drops.skip();
        this.pending.consume(start);
        continue;
      }
      if (bytes.length === 0) break;
      const length = bytes[0] === STX ? TF0 : EQ;
      if (bytes.length < length) break;
      const frame = bytes.subarray(0, length);
      const reading = length === TF0 ? decodeTf0(frame) : decodeEquals(frame);
      if (reading) {
        out.push(reading);
        this.drops.ok();
        this.pending.consume(length);
      } else {
        this.drops.frame();
        this.pending.consume(1);
      }
    }
    return out;
  }
}

export interface YaohuaOptions {
  /** Decimals shown (0-4); default 0. */
  decimals?: number;
  /** `tf0` (STX ... XOR ETX, the default) or `equals` (the reversed "=" format). */
  variant?: 'tf0' | 'equals';
}

export function encodeYaohua(reading: IndicatorReading, options: YaohuaOptions = {}): Buffer {
  const decimals = options.decimals ?? 0;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 4) throw new Error(`yaohua: decimals must be 0-4, not ${decimals}`);
  const kg = Number.isFinite(reading.kg) ? reading.kg : Math.sign(reading.kg) * 1e9;
  const negative = kg < 0;
  if (options.variant === 'equals') {
    const text = decimals > 0 ? fixedText(kg, decimals).padStart(7, '0').slice(-7) : fixedDigits(kg, 0, 7);
    return Buffer.from(`=${[...text].reverse().join('')}${negative ? '-' : '0'}`, 'latin1');
  }
  const frame = Buffer.from(`\u0002${negative ? '-' : '+'}${fixedDigits(kg, decimals, 6)}${decimals}00\u0003`, 'latin1');
  const [hi, lo] = yaohuaXor(frame);
  frame[9] = hi;
  frame[10] = lo;
  return frame;
}

export function yaohuaCodec(options: YaohuaOptions = {}): IndicatorCodec {
  return {
    format: 'yaohua',
    createParser: () => new YaohuaParser(),
    encode: (reading) => encodeYaohua(reading, options),
  };
}
