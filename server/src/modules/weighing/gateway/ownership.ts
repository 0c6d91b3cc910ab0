import pg from 'pg';

/**
 * Which weighbridges this process reads: with several server processes on one PostgreSQL exactly one holds each
 * (a session-level advisory lock per bridge on a dedicated connection); with PGlite (one process, by the embedded
 * lock) this process owns them all.
 */
export interface BridgeOwnership {
  /** Takes the bridge when free (or already ours); false when another process holds it. */
  claim(machineId: number): Promise<boolean>;
  release(machineId: number): Promise<void>;
  /** Called when every lock was lost at once (the lock connection dropped): stop reading every bridge. */
  onLost(handler: () => void): void;
  close(): Promise<void>;
}

/** The first key of the two-key advisory locks of weighbridges (the second is weight_machines.id). */
export const BRIDGE_LOCK_NAMESPACE = 727_012;

export function soleOwnership(): BridgeOwnership {
  return {
    claim: () => Promise.resolve(true),
    release: () => Promise.resolve(),
    onLost: () => undefined,
    close: () => Promise.resolve(),
  };
}

/**
 * Advisory locks on a connection of their own: when this process dies its connection drops and PostgreSQL frees
 * its locks, so another process takes the bridges over at its next claim (the gateway retries every ~2 s). A lost
 * connection is reported (`onLost`) and reopened at the next claim.
 */
export function postgresOwnership(clientConfig: pg.ClientConfig): BridgeOwnership {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  const held = new Set<number>();
  const lostHandlers: Array<() => void> = [];
  let closed = false;

  const drop = (which: pg.Client) => {
    if (client !== which) return;
    client = null;
    connecting = null;
    void which.end().catch(() => undefined);
    if (held.size === 0 || closed) return;
    held.clear();
    for (const handler of lostHandlers) handler();
  };

  const connection = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({ ...clientConfig, application_name: 'tonnage-weighbridge-locks' });
      next.on('error', () => drop(next));
      next.on('end', () => drop(next));
      client = next;
      try {
        await next.connect();
      } catch (error) {
        drop(next);
        throw error;
      }
      return next;
    })();
    return connecting;
  };

  return {
    async claim(machineId) {
      if (closed) return false;
      if (held.has(machineId)) return true;
      const c = await connection();
      const result = await c.query<{ locked: boolean }>('select pg_try_advisory_lock($1::int4, $2::int4) as locked', [BRIDGE_LOCK_NAMESPACE, machineId]);
      const locked = result.rows[0]?.locked === true;
      if (locked) held.add(machineId);
      return locked;
    },
    async release(machineId) {
      if (!held.delete(machineId) || !client) return;
      await client.query('select pg_advisory_unlock($1::int4, $2::int4)', [BRIDGE_LOCK_NAMESPACE, machineId]).catch(() => undefined);
    },
    onLost(handler) {
      lostHandlers.push(handler);
    },
    async close() {
      closed = true;
      held.clear();
      const current = client;
      client = null;
      // Ending the session frees every lock it holds.
      await current?.end().catch(() => undefined);
    },
  };
}
