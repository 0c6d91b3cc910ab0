/**
 * Mettler Toledo standard continuous output (also Fairbanks, Ohaus, Liden, Kern "TOLEDO Continuous"):
 *
 *   STX SWA SWB SWC d d d d d d t t t t t t CR [CHK]      (17 bytes, or 18 with the optional checksum)
 *
 * - SWA bits 0-2: decimal point (000 = x00, 001 = x0, 010 = no decimals, 011 = 1 decimal ... 111 = 5 decimals);
 *   bits 3-4: increment x1/x2/x5. SWB bit 0 net, bit 1 negative, bit 2 out of range, bit 3 motion, bit 4 kg (else
 *   lb). SWC bits 0-2: 000 = the unit of SWB bit 4, 001 = grams, 010 = metric tonnes (other units are not read).
 *   Bit 5 of each status byte is always 1.
 * - CHK: the two's complement of the low 7 bits of the sum of every earlier byte, STX and CR included.
 * Sources: METTLER TOLEDO Wildcat technical manual, appendix 2 "Continuous Mode Output" (table 6-8); Mettler Toledo
 * IND445 / Kern FTC user manuals, "TOLEDO Continuous mode"; Liden LUW2001 appendix 1 "Continuous output MT format".
 *
 * The parser works over 7E1 lines read as 8 bits too (the parity bit is masked off). Whether frames carry the
 * checksum is learnt from the stream: the byte after CR is either STX (no checksum) or the checksum.
 */
import type { IndicatorCodec, IndicatorParser, IndicatorReading } from '../weighing.types';
import { DropCounter, fixedDigits, KG_PER_LB, PendingBytes, roundKg } from './common';

const STX = 0x02;
const CR = 0x0d;
/** STX .. CR */
const FRAME = 17;

/** Two's complement of the low 7 bits of the sum of bytes [from, to). */
export function toledoChecksum(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (bytes[i] ?? 0) & 0x7f;
  return -sum & 0x7f;
}

/** Scale (multiplier) of the displayed digits for SWA bits 0-2. */
function scaleOf(code: number): number {
  return 10 ** (2 - code);
}

/** Six digit characters; leading spaces read as zeros (blanked leading digits). Null when not digits. */
function digitsValue(bytes: Buffer, at: number): number | null {
  let value = 0;
  let seenDigit = false;
  for (let i = at; i < at + 6; i++) {
    const b = bytes[i] ?? 0;
    if (b === 0x20 && !seenDigit) continue;
    if (b < 0x30 || b > 0x39) return null;
    seenDigit = true;
    value = value * 10 + (b - 0x30);
  }
  return seenDigit ? value : null;
}

/** Decodes STX..CR at `at` (the checksum, if any, already verified). Null when unreadable. */
function decodeFrame(bytes: Buffer, at: number): IndicatorReading | null {
  const swa = bytes[at + 1] ?? 0;
  const swb = bytes[at + 2] ?? 0;
  const swc = bytes[at + 3] ?? 0;
  if ((swa & 0x20) === 0 || (swb & 0x20) === 0 || (swc & 0x20) === 0) return null;
  const shown = digitsValue(bytes, at + 4);
  if (shown === null || digitsValue(bytes, at + 10) === null) return null;
  let perUnit: number;
  switch (swc & 0x07) {
    case 0:
      perUnit = swb & 0x10 ? 1 : KG_PER_LB;
      break;
    case 1:
      perUnit = 0.001;
      break;
    case 2:
      perUnit = 1000;
      break;
    default:
      return null; // ounces, troy ounces, pennyweight, long tons, custom units: not read
  }
  const magnitude = shown * scaleOf(swa & 0x07) * perUnit;
  return {
    kg: roundKg(swb & 0x02 ? -magnitude : magnitude),
    stable: (swb & 0x08) === 0,
    overload: (swb & 0x04) !== 0,
    net: (swb & 0x01) !== 0,
  };
}

class ToledoParser implements IndicatorParser {
  private readonly pending = new PendingBytes();
  private readonly drops = new DropCounter();
  /** Whether the frames carry the checksum byte, learnt from the stream. */
  private checksum: 'unknown' | 'yes' | 'no' = 'unknown';

  get dropped(): number {
    return this.drops.dropped;
  }

  push(chunk: Uint8Array): IndicatorReading[] {
    const masked = Buffer.from(chunk);
    for (let i = 0; i < masked.length; i++) masked[i] = (masked[i] ?? 0) & 0x7f;
    if (this.pending.append(masked)) this.drops.skip();
    const out: IndicatorReading[] = [];
    for (;;) {
      const bytes = this.pending.bytes;
      const start = bytes.indexOf(STX);
      if (start < 0) {
        if (bytes.length > 0) {
          this.drops.skip();
          this.pending.consume(bytes.length);
        }
        break;
      }
      if (start > 0) {
        this.drops.skip(); // bytes before the start byte: a partial frame or garbage
        this.pending.consume(start);
        continue;
      }
      if (bytes.length < FRAME) break;
      if (bytes[FRAME - 1] !== CR) {
        this.drop(1);
        continue;
      }
      let length = FRAME;
      if (this.checksum === 'no' && bytes.length > FRAME && bytes[FRAME] !== STX) this.checksum = 'unknown';
      if (this.checksum !== 'no') {
        if (bytes.length < FRAME + 1) break;
        const expected = toledoChecksum(bytes, 0, FRAME);
        const next = bytes[FRAME];
        if (next !== STX) {
          if (next !== expected) {
            this.drop(FRAME + 1);
            continue;
          }
          this.checksum = 'yes';
          length = FRAME + 1;
        } else if (this.checksum === 'yes') {
          // A checksum of 0x02 looks like the next STX; any other value means the checksum is missing.
          if (expected !== STX) {
            this.drop(FRAME);
            continue;
          }
          length = FRAME + 1;
        } else {
          // Unknown: STX after CR is the next frame unless the byte after it is STX too (SWA never is: bit 5 set).
          if (bytes.length < FRAME + 2) break;
          if (bytes[FRAME + 1] === STX) {
            if (expected !== STX) {
              this.drop(FRAME);
              continue;
            }
            this.checksum = 'yes';
            length = FRAME + 1;
          } else {
            this.checksum = 'no';
          }
        }
      }
      const reading = decodeFrame(bytes, 0);
      if (reading) {
        out.push(reading);
        this.drops.ok();
        this.pending.consume(length);
      } else {
        this.drop(1);
      }
    }
    return out;
  }

  private drop(n: number): void {
    this.drops.frame();
    this.pending.consume(n);
  }
}

export interface ToledoOptions {
  /** Decimals shown (0-5); default 0 (a weighbridge in kg). */
  decimals?: number;
  /** Send the checksum byte after CR; default true. */
  checksum?: boolean;
  /** The unit the indicator shows; default kg. */
  unit?: 'kg' | 'lb';
}

/** One frame: STX SWA SWB SWC, 6 digits of the shown weight, 6 digits of tare (zeros), CR, optional checksum. */
export function encodeToledo(reading: IndicatorReading, options: ToledoOptions = {}): Buffer {
  const decimals = options.decimals ?? 0;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 5) throw new Error(`toledo: decimals must be 0-5, not ${decimals}`);
  const unit = options.unit ?? 'kg';
  const shown = unit === 'kg' ? reading.kg : reading.kg / KG_PER_LB;
  const finite = Number.isFinite(shown);
  const tooBig = !finite || Math.round(Math.abs(shown) * 10 ** decimals) > 999_999;
  const swa = 0x20 | 0x08 | (decimals + 2);
  const swb =
    0x20 |
    (reading.net ? 0x01 : 0) |
    (shown < 0 ? 0x02 : 0) |
    (reading.overload || tooBig ? 0x04 : 0) |
    (reading.stable === false ? 0x08 : 0) |
    (unit === 'kg' ? 0x10 : 0);
  const swc = 0x20;
  const digits = finite ? fixedDigits(shown, decimals, 6) : '999999';
  const frame = Buffer.concat([Buffer.from([STX, swa, swb, swc]), Buffer.from(`${digits}000000`, 'latin1'), Buffer.from([CR])]);
  if (options.checksum === false) return frame;
  return Buffer.concat([frame, Buffer.from([toledoChecksum(frame)])]);
}

export function toledoCodec(options: ToledoOptions = {}): IndicatorCodec {
  return {
    format: 'toledo',
    createParser: () => new ToledoParser(),
    encode: (reading) => encodeToledo(reading, options),
  };
}
