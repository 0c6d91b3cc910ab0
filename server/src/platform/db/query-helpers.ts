/** Small helpers the users and roles services share for queries and for reading database errors. */

/** Escapes LIKE wildcards so a search matches the typed text literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The PostgreSQL error behind a driver or Drizzle error (Drizzle wraps it in `cause`), if any. */
function postgresError(error: unknown): { code: string; constraint?: string } | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
    }
  }
  return undefined;
}

/** The violated unique index or constraint (SQLSTATE 23505), or undefined when the error is something else. */
export function uniqueViolation(error: unknown): { constraint: string } | undefined {
  const found = postgresError(error);
  return found?.code === '23505' ? { constraint: found.constraint ?? '' } : undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolation(error) !== undefined;
}

/** True for a foreign key violation (SQLSTATE 23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return postgresError(error)?.code === '23503';
}

/** The violated CHECK constraint (SQLSTATE 23514), or undefined when the error is something else. */
export function checkViolation(error: unknown): { constraint: string } | undefined {
  const found = postgresError(error);
  return found?.code === '23514' ? { constraint: found.constraint ?? '' } : undefined;
}

/**
 * True when PostgreSQL aborted the transaction to break a deadlock (SQLSTATE 40P01): the transaction did nothing
 * and may simply run again.
 */
export function isDeadlock(error: unknown): boolean {
  return postgresError(error)?.code === '40P01';
}
