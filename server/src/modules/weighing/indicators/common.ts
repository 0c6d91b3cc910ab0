/**
 * What the indicator codecs share: units, strict decimal text, rounding, and the byte buffer a parser keeps
 * between chunks. See shared/design/WEIGHING.md ("Indicator output formats") and docs/domain.md.
 */
import type { IndicatorReading } from '../weighing.types';

/** Kilograms per unit, for the units weighbridge indicators print. Anything else is unreadable (never guessed). */
const KG_PER_UNIT: Readonly<Record<string, number>> = {
  kg: 1,
  g: 0.001,
  t: 1000,
  lb: 0.45359237,
};

export const KG_PER_LB = 0.45359237;

/** Kilograms per one of `unit` (case-insensitive, spaces trimmed), or null when the unit is not a weight we read. */
export function kgPerUnit(unit: string): number | null {
  return KG_PER_UNIT[unit.trim().toLowerCase()] ?? null;
}

/** Rounds away binary noise (0.1 + 0.2) while keeping every decimal an indicator can show (at most 5). */
export function roundKg(kg: number): number {
  if (!Number.isFinite(kg)) return kg;
  const r = Math.round(kg * 1e6) / 1e6;
  return Object.is(r, -0) ? 0 : r;
}

/**
 * A signed decimal as indicators print it: optional sign, spaces between the sign and the digits allowed
 * (`-    12.35`, `+  34.520`), at most one decimal point, at least one digit. Returns null for anything else.
 */
export function parseDecimalText(text: string): number | null {
  const m = /^\s*([+-]?)\s*(\d*)(?:\.(\d*))?\s*$/.exec(text);
  if (!m) return null;
  const intPart = m[2] ?? '';
  const fracPart = m[3] ?? '';
  if (intPart.length + fracPart.length === 0) return null;
  const value = Number(`${intPart || '0'}.${fracPart || '0'}`);
  if (!Number.isFinite(value)) return null;
  return m[1] === '-' ? -value : value;
}

/** Digits of |value| with `decimals` decimals, the decimal point omitted, left-padded with zeros to `width`. */
export function fixedDigits(value: number, decimals: number, width: number): string {
  const scaled = Math.round(Math.abs(value) * 10 ** decimals);
  const max = 10 ** width - 1;
  return String(Math.min(scaled, max)).padStart(width, '0');
}

/** `value` with `decimals` decimals and no sign, e.g. fixedText(-32.5, 3) = "32.500". */
export function fixedText(value: number, decimals: number): string {
  return Math.abs(value).toFixed(decimals);
}

/**
 * The bytes a parser holds between chunks. `take(n)` drops consumed bytes; the buffer never grows beyond
 * `maxBytes` (a stream without start bytes or terminators is garbage: it is cut and counted by the caller).
 */
export class PendingBytes {
  private buf: Buffer = Buffer.alloc(0);

  constructor(private readonly maxBytes = 4096) {}

  /** Appends a chunk; returns true when older bytes had to be discarded to respect maxBytes. */
  append(chunk: Uint8Array): boolean {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.buf = this.buf.length === 0 ? Buffer.from(bytes) : Buffer.concat([this.buf, bytes]);
    if (this.buf.length > this.maxBytes) {
      this.buf = this.buf.subarray(this.buf.length - this.maxBytes);
      return true;
    }
    return false;
  }

  get bytes(): Buffer {
    return this.buf;
  }

  /** Drops the first n bytes. */
  consume(n: number): void {
    this.buf = n >= this.buf.length ? Buffer.alloc(0) : this.buf.subarray(n);
  }
}

/**
 * Counts dropped frames: every unreadable frame once, and a run of skipped bytes (garbage, the rest of a dropped
 * frame) once, however many chunks it spans. A frame read ends the run.
 */
export class DropCounter {
  private count = 0;
  private inRun = false;

  get dropped(): number {
    return this.count;
  }

  /** A frame was unreadable (bad checksum, bad field). */
  frame(): void {
    this.count++;
    this.inRun = true;
  }

  /** Bytes before a start byte were skipped. */
  skip(): void {
    if (!this.inRun) this.count++;
    this.inRun = true;
  }

  /** A frame was read. */
  ok(): void {
    this.inRun = false;
  }
}

/** What a line parser answers for one line: readings, `'none'` (valid, no weight) or null (unreadable). */
export type LineAnswer = 'none' | null | { readings: IndicatorReading[]; garbageBefore: boolean };

/** Index of the first CR or LF, -1 when none. */
function lineEnd(bytes: Buffer): number {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a || bytes[i] === 0x0d) return i;
  return -1;
}

/**
 * A parser of text lines ended by CR, LF or CR LF (some indicators end with CR only; the empty line between CR and
 * LF is skipped): each complete line is given to `parseLine`, which
 * answers readings, `'none'` (a valid line that carries no weight, e.g. MT-SICS `S I`) or null (unreadable: dropped
 * and counted). A line longer than `maxLine` without an end is garbage and is dropped.
 */
export class LineParser {
  private readonly pending = new PendingBytes(4096);
  private readonly drops = new DropCounter();
  private discarding = false;

  constructor(
    private readonly parseLine: (line: string) => LineAnswer,
    private readonly maxLine = 128,
  ) {}

  get dropped(): number {
    return this.drops.dropped;
  }

  push(chunk: Uint8Array): IndicatorReading[] {
    if (this.pending.append(chunk)) this.drops.skip();
    const out: IndicatorReading[] = [];
    for (;;) {
      const bytes = this.pending.bytes;
      const lf = lineEnd(bytes);
      if (lf < 0) {
        if (bytes.length > this.maxLine) {
          // A runaway line: cut it, and skip the rest of it up to the next LF.
          this.drops.skip();
          this.pending.consume(bytes.length);
          this.discarding = true;
        }
        break;
      }
      const line = bytes.subarray(0, lf).toString('latin1');
      this.pending.consume(lf + 1);
      if (this.discarding) {
        this.discarding = false;
        continue;
      }
      if (line.trim() === '') continue;
      if (line.length > this.maxLine) {
        this.drops.skip();
        continue;
      }
      const answer = this.parseLine(line);
      if (answer === null) {
        this.drops.frame();
      } else {
        if (answer !== 'none') {
          if (answer.garbageBefore) this.drops.frame(); // garbage on the frame's line, before its start
          out.push(...answer.readings);
        }
        this.drops.ok();
      }
    }
    return out;
  }
}
