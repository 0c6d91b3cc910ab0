// The statements one operation sends to PostgreSQL, for `npm run bench`: every `query` of a node-postgres client
// (BEGIN, the settings, each statement, COMMIT) in order, with its wall time from send to answer. Each is one
// round trip. Used to list what one loading slip costs (docs/benchmarks.md, "Posting path").
import pg from 'pg';

export interface TracedStatement {
  /** The SQL text, whitespace folded, cut to `width` characters. */
  text: string;
  /** Milliseconds from sending the statement to its answer (or error). */
  ms: number;
}

type QueryFunction = (...args: unknown[]) => unknown;

/** The SQL text of a node-postgres `query` call's first argument (a string or a query config). */
function sqlText(first: unknown): string {
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first && typeof first.text === 'string') return first.text;
  return String(first);
}

/**
 * Runs `operation` alone while recording every statement any node-postgres client of this process sends, and
 * returns them. Run nothing else in the process meanwhile: other queries would be recorded too.
 */
export async function traceStatements(operation: () => Promise<unknown>, width = 160): Promise<TracedStatement[]> {
  const prototype = pg.Client.prototype as unknown as { query: QueryFunction };
  const original = prototype.query;
  const traced: TracedStatement[] = [];
  prototype.query = function tracedQuery(this: unknown, ...args: unknown[]): unknown {
    const started = performance.now();
    const entry: TracedStatement = { text: sqlText(args[0]).replace(/\s+/g, ' ').trim().slice(0, width), ms: 0 };
    traced.push(entry);
    const result = original.apply(this, args);
    if (result instanceof Promise) {
      return result.finally(() => {
        entry.ms = performance.now() - started;
      });
    }
    return result;
  };
  try {
    await operation();
  } finally {
    prototype.query = original;
  }
  return traced;
}

/** The trace as numbered lines for the console. */
export function statementsText(statements: TracedStatement[]): string {
  return statements.map((s, i) => `${String(i + 1).padStart(3)}. ${s.ms.toFixed(2).padStart(7)} ms  ${s.text}`).join('\n');
}

/**
 * Runs `operation` under the V8 CPU profiler of this process and writes the profile (`.cpuprofile`, for Chrome's
 * DevTools or `scripts/bench/profile-summary.ts`) to `file`: the bench process's share of a phase, by function.
 */
export async function withCpuProfile<T>(file: string, operation: () => Promise<T>): Promise<T> {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await operation();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}
