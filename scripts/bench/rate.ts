// Closed-loop rate measurement for `npm run bench`: `workers` loops each run one operation after another for a
// fixed time; the rate is completed operations per second. Used for the loading-slip posting rate and for its
// baseline, a bare single-row insert transaction on the same server in the same run.

export interface RateResult {
  workers: number;
  seconds: number;
  completed: number;
  failed: number;
  perSecond: number;
  /** The first failure's message, when any operation failed. */
  firstFailure: string | null;
}

export async function measureRate(params: {
  workers: number;
  warmupSeconds: number;
  measureSeconds: number;
  /** One operation; `worker` is the loop's index, `sequence` a number unique across the run. */
  operation: (worker: number, sequence: number) => Promise<void>;
}): Promise<RateResult> {
  let sequence = 0;
  let measuring = false;
  let stop = false;
  let completed = 0;
  let failed = 0;
  let firstFailure: string | null = null;

  const loop = async (worker: number) => {
    while (!stop) {
      sequence += 1;
      try {
        await params.operation(worker, sequence);
        if (measuring) completed += 1;
      } catch (error) {
        if (measuring) failed += 1;
        firstFailure ??= error instanceof Error ? error.message : String(error);
      }
    }
  };

  const loops = Array.from({ length: params.workers }, (_, i) => loop(i));
  await new Promise((resolve) => setTimeout(resolve, params.warmupSeconds * 1000));
  measuring = true;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, params.measureSeconds * 1000));
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(loops);
  return { workers: params.workers, seconds, completed, failed, perSecond: completed / seconds, firstFailure };
}
