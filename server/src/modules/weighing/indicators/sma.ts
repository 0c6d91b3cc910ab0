/**
 * SMA (Scale Manufacturers Association, SMA SCP-0499 levels 1 and 2; Avery Weigh-Tronix, Minebea/Sartorius PR 52xx,
 * Cardinal, Fairbanks X series). The host sends `LF R CR` once (repeat: a reply about every 100 ms until another
 * command) or `LF W CR` (one reply). A reply:
 *
 *   LF s r n m f xxxxxx.xxx uuu CR          (20 bytes)
 *
 * s: `Z` centre of zero, `O` over capacity (+weight), `U` under capacity (-weight), `E`/`T`/`I` zero, tare or
 * initial zero error (weight field dashes: no reading), `e` weight not shown, space none. r: range. n: `G` gross,
 * `N` net, `g`/`n` high resolution, `T` tare (no deck weight). m: `M` in motion, space stable. f: reserved.
 * Weight: 10 characters (Cardinal: 11) with sign and decimal point. Unit: `kg `, `lb `, `t  `, `g  `.
 * `?` (unknown command) and `!` (line error) replies carry no reading.
 * Sources: Sartorius PR 5210 operating manual 5.4.1 "Standard Scale Response Message"; Fairbanks X series
 * PR 5410 instruction manual, section 5 "SMA Protocol"; Cardinal 190 manual, "Request Displayed Weight Command".
 */
import type { IndicatorCodec, IndicatorParser, IndicatorReading } from '../weighing.types';
import { DropCounter, fixedText, kgPerUnit, parseDecimalText, PendingBytes, roundKg } from './common';

const LF = 0x0a;
const CR = 0x0d;
/** Between LF and CR: 5 status characters, 10 (or 11) of weight, 3 of unit. */
const BODY_MIN = 18;
const BODY_MAX = 19;

type Decoded = IndicatorReading | 'none' | null;

function decodeBody(body: string): Decoded {
  if (body === '?' || body === '!') return 'none';
  if (body.length < BODY_MIN || body.length > BODY_MAX) return null;
  const s = body.charAt(0);
  const n = body.charAt(2);
  const m = body.charAt(3);
  const weight = body.slice(5, body.length - 3);
  const unit = body.slice(body.length - 3);
  if (!' ZOUETIe'.includes(s) || !'GNgnT'.includes(n) || !' M'.includes(m)) return null;
  if ('ETIe'.includes(s) || /^\s*-+\s*$/.test(weight)) return 'none';
  if (n === 'T') return 'none';
  const perUnit = kgPerUnit(unit);
  if (perUnit === null) return null;
  const overload = s === 'O' || s === 'U';
  let value = parseDecimalText(weight);
  if (value === null) {
    if (!overload || weight.trim() !== '') return null; // over/under capacity without a value
    value = s === 'O' ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  }
  return { kg: roundKg(value * perUnit), stable: m === ' ', overload, net: n === 'N' || n === 'n' };
}

class SmaParser implements IndicatorParser {
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
      const start = bytes.indexOf(LF);
      if (start < 0) {
        if (bytes.length > 0) {
          this.drops.skip();
          this.pending.consume(bytes.length);
        }
        break;
      }
      if (start > 0) {
        this.drops.skip();
        this.pending.consume(start);
        continue;
      }
      const end = bytes.indexOf(CR, 1);
      const nextStart = bytes.indexOf(LF, 1);
      if (nextStart >= 0 && (end < 0 || nextStart < end)) {
        // A new start byte before this frame ended: the frame was cut.
        this.drops.frame();
        this.pending.consume(nextStart);
        continue;
      }
      if (end < 0) {
        if (bytes.length > BODY_MAX + 2) {
          this.drops.frame();
          this.pending.consume(1);
          continue;
        }
        break;
      }
      const decoded = decodeBody(bytes.subarray(1, end).toString('latin1'));
      this.pending.consume(end + 1);
      if (decoded === null) {
        this.drops.frame();
      } else {
        if (decoded !== 'none') out.push(decoded);
        this.drops.ok();
      }
    }
    return out;
  }
}

export interface SmaOptions {
  decimals?: number;
  unit?: 'kg' | 't';
}

/** `\n 1G      32540kg \r`: status, range 1, gross/net, motion, reserved, 10 characters of weight, 3 of unit. */
export function encodeSma(reading: IndicatorReading, options: SmaOptions = {}): Buffer {
  const decimals = options.decimals ?? 0;
  const unit = options.unit ?? 'kg';
  const shown = unit === 't' ? reading.kg / 1000 : reading.kg;
  const finite = Number.isFinite(shown);
  const text = finite ? `${shown < 0 ? '-' : ''}${fixedText(shown, decimals)}` : '';
  const overload = reading.overload || !finite || text.length > 10;
  const status = overload ? (shown < 0 ? 'U' : 'O') : shown === 0 ? 'Z' : ' ';
  const weight = !finite || text.length > 10 ? ' '.repeat(10) : text.padStart(10, ' ');
  const motion = reading.stable === false ? 'M' : ' ';
  return Buffer.from(`\n${status}1${reading.net ? 'N' : 'G'}${motion} ${weight}${unit.padEnd(3, ' ')}\r`, 'latin1');
}

export function smaCodec(options: SmaOptions = {}): IndicatorCodec {
  return {
    format: 'sma',
    createParser: () => new SmaParser(),
    encode: (reading) => encodeSma(reading, options),
    poll: { request: Buffer.from('\nR\r', 'latin1') },
  };
}
