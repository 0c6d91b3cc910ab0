import type { IncomingHttpHeaders } from 'node:http';
import autocannon from 'autocannon';
import { percentileOfSorted, SampleBuffer } from './stats';

export interface LoadOptions {
  /** Full URL on 127.0.0.1. */
  url: string;
  method: 'GET' | 'POST';
  connections: number;
  durationSeconds: number;
  /** Headers and body of connection number `index` (each connection keeps its own for the whole run). */
  perConnection(index: number): { headers: IncomingHttpHeaders; body?: string };
}

export interface LoadResult {
  durationSeconds: number;
  /** 2xx answers. */
  ok: number;
  /** Answers other than 2xx, by status. */
  otherStatuses: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
  /** 2xx answers per second. */
  rate: number;
  /** Latency of 2xx answers, milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Latencies dropped from the percentiles because the sample cap was reached (0 in practice). */
  droppedSamples: number;
}

/** At most this many latency samples are kept per run (a few MB). */
const SAMPLE_CAP = 2_000_000;

/** Drives one load phase with autocannon (1 request in flight per connection) and measures every answer. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const samples = new SampleBuffer(SAMPLE_CAP);
  const otherStatuses: Record<string, number> = {};
  let ok = 0;
  let nextConnection = 0;
  return new Promise<LoadResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method,
        connections: options.connections,
        pipelining: 1,
        duration: options.durationSeconds,
        timeout: 10,
        setupClient(client) {
          const { headers, body } = options.perConnection(nextConnection++);
          client.setHeadersAndBody(headers, body);
        },
      },
      (error: unknown, result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(`autocannon failed: ${JSON.stringify(error)}`));
          return;
        }
        const sorted = samples.sorted();
        resolve({
          durationSeconds: result.duration,
          ok,
          otherStatuses,
          errors: result.errors,
          rate: result.duration > 0 ? ok / result.duration : 0,
          p50: percentileOfSorted(sorted, 50),
          p95: percentileOfSorted(sorted, 95),
          p99: percentileOfSorted(sorted, 99),
          max: percentileOfSorted(sorted, 100),
          droppedSamples: samples.dropped,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) {
        ok++;
        samples.push(responseTime);
      } else {
        otherStatuses[String(statusCode)] = (otherStatuses[String(statusCode)] ?? 0) + 1;
      }
    });
  });
}
