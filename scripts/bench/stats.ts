/** Small numeric helpers for the benchmark: percentiles and formatting. */

/** Nearest-rank percentile of already sorted values. */
export function percentileOfSorted(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  const index = Math.min(sorted.length - 1, Math.max(0, rank - 1));
  return sorted[index] ?? Number.NaN;
}

/** A growable list of samples with a hard cap, so a long or fast run cannot use unbounded memory. */
export class SampleBuffer {
  private data: Float64Array;
  private size = 0;
  /** Samples dropped because the cap was reached. */
  dropped = 0;

  constructor(private readonly cap: number) {
    this.data = new Float64Array(Math.min(cap, 16_384));
  }

  push(value: number): void {
    if (this.size >= this.cap) {
      this.dropped++;
      return;
    }
    if (this.size === this.data.length) {
      const next = new Float64Array(Math.min(this.cap, this.data.length * 2));
      next.set(this.data);
      this.data = next;
    }
    this.data[this.size++] = value;
  }

  get length(): number {
    return this.size;
  }

  sorted(): Float64Array {
    return this.data.slice(0, this.size).sort();
  }
}

/** Milliseconds with a sensible number of digits. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value >= 100) return `${value.toFixed(0)} ms`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  return `${value.toFixed(2)} ms`;
}

/** A rate per second with a sensible number of digits. */
export function perSecond(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value >= 100) return `${Math.round(value).toLocaleString('en-US')}/s`;
  return `${value.toFixed(1)}/s`;
}

/** Bytes in KiB (or B for small sizes). */
export function kib(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** Waits the given time. */
export function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
