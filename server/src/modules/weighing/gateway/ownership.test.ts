import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database, type Db } from '../../../platform/db/client';
import { makeAgency } from '../../../test/fixtures';
import { createTestDatabase, testEngine } from '../../../test/harness';
import { codecOf } from '../indicators';
import { loadActiveWeighbridges } from '../weighbridges';
import { startWeighbridgeGateway, type WeighbridgeGateway } from './gateway';
import { createWeighbridgeHub, type ReadingHub } from './hub';
import { BRIDGE_LOCK_NAMESPACE } from './ownership';
import { startTestIndicator } from './test-indicator';

async function until(check: () => boolean, timeoutMs: number): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - start;
}

/** A warehouse and a weighbridge at 127.0.0.1:port of a new agency; answers the weighbridge's id. */
async function makeWeighbridge(db: Db, port: number, format = 'toledo'): Promise<number> {
  const agency = await makeAgency(db);
  const [location] = await queryRows<{ id: number }>(
    db,
    sql`insert into locations (agency_id, location_kind_id, name, storage_type, latitude, longitude) values (${agency.id}, 1, 'Main store', 'silo', 21.5, 39.2) returning id`,
  );
  const [bridge] = await queryRows<{ id: number }>(
    db,
    sql`insert into weight_machines (agency_id, weight_machine_id, location_id, protocol, host, port, indicator_format)
        values (${agency.id}, ${`WB-${port}`}, ${location?.id}, 'tcp', '127.0.0.1', ${port}, ${format}) returning id`,
  );
  if (!bridge) throw new Error('no weighbridge');
  return bridge.id;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A server process as the gateway sees it: its own database connections, hub and gateway. */
function startProcess(database: Database): { hub: ReadingHub; gateway: WeighbridgeGateway } {
  const hub = createWeighbridgeHub();
  const gateway = startWeighbridgeGateway({ database, hub, codecOf, refreshMs: 300, backoff: { initialMs: 100, maxMs: 400 } });
  cleanups.push(async () => {
    await gateway.stop();
    hub.close();
  });
  return { hub, gateway };
}

describe('weighbridge gateway on the database', () => {
  it('reads the active weighbridges of master data with their rules; a deactivated one is let go', async () => {
    const test = await createTestDatabase();
    cleanups.push(() => test.drop());
    const indicator = await startTestIndicator(codecOf('stgs'));
    cleanups.push(() => indicator.close());
    const id = await makeWeighbridge(test.database.db, indicator.port, 'stgs');
    await test.database.db.execute(sql`update weight_machines set stale_ms = 2500, max_gross = null, stable_seconds = 2.5 where id = ${id}`);
    const [loaded] = await loadActiveWeighbridges(test.database.db);
    expect(loaded).toMatchObject({ id, protocol: 'tcp', host: '127.0.0.1', port: indicator.port, indicatorFormat: 'stgs' });
    expect(loaded?.settings).toEqual({ stableSeconds: 2.5, motionBand: 20, threshold: 1000, zeroBand: 200, staleMs: 2500, minGross: null, maxGross: null, minNet: null, maxNet: null, minDifference: 100 });

    const { hub, gateway } = startProcess(test.database);
    await until(() => hub.status(id).last?.kg === 32_540, 5000);
    expect(gateway.owned()).toEqual([id]);
    await test.database.db.execute(sql`update weight_machines set is_active = false where id = ${id}`);
    await gateway.refresh();
    expect(gateway.owned()).toEqual([]);
    await until(() => indicator.clients() === 0, 2000);
  });

  it.runIf(testEngine === 'postgres')(
    'two processes: exactly one reads each bridge, both hubs receive its readings, the other takes over when the owner goes',
    async () => {
      const test = await createTestDatabase();
      cleanups.push(() => test.drop());
      const indicator = await startTestIndicator(codecOf('toledo'));
      cleanups.push(() => indicator.close());
      const id = await makeWeighbridge(test.database.db, indicator.port);
      const second = await openDatabase({ url: test.url, poolSize: 3 });
      cleanups.push(() => second.close());

      const a = startProcess(test.database);
      const b = startProcess(second);
      await until(() => a.gateway.owned().length + b.gateway.owned().length === 1, 5000);
      // Several refreshes later still one owner and one link to the indicator.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect([...a.gateway.owned(), ...b.gateway.owned()]).toEqual([id]);
      expect(indicator.clients()).toBe(1);
      // The reading bus: both processes' hubs see the bridge, whichever owns it.
      indicator.reading = { kg: 21_000, stable: true, overload: false };
      await until(() => a.hub.status(id).last?.kg === 21_000 && b.hub.status(id).last?.kg === 21_000, 3000);

      const [owner, other] = a.gateway.owned().length === 1 ? [a, b] : [b, a];
      await owner.gateway.stop();
      indicator.reading = { kg: 9000, stable: true, overload: false };
      const tookOver = await until(() => other.gateway.owned().length === 1 && other.hub.status(id).last?.kg === 9000, 5000);
      expect(tookOver).toBeLessThan(5000);
      expect(indicator.connections).toBe(2);
    },
    20_000,
  );

  it.runIf(testEngine === 'postgres')(
    'an owner whose lock connection dies stops reading at once; one process reads the bridge again',
    async () => {
      const test = await createTestDatabase();
      cleanups.push(() => test.drop());
      const indicator = await startTestIndicator(codecOf('toledo'));
      cleanups.push(() => indicator.close());
      const id = await makeWeighbridge(test.database.db, indicator.port);
      const a = startProcess(test.database);
      await until(() => a.gateway.owned().length === 1, 5000);
      const second = await openDatabase({ url: test.url, poolSize: 3 });
      cleanups.push(() => second.close());
      const b = startProcess(second);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(b.gateway.owned()).toEqual([]);
      // The owner's lock session ends (a crashed process, a network cut): PostgreSQL frees its locks.
      await test.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and classid = ${BRIDGE_LOCK_NAMESPACE} and objid = ${id}`,
      );
      // a lost its lock: it dropped its link at once; whichever process claims first reads the bridge again.
      await until(() => indicator.connections >= 2 && a.gateway.owned().length + b.gateway.owned().length === 1, 5000);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect([...a.gateway.owned(), ...b.gateway.owned()]).toEqual([id]);
      expect(indicator.clients()).toBe(1);
      indicator.reading = { kg: 12_345, stable: true, overload: false };
      await until(() => a.hub.status(id).last?.kg === 12_345 && b.hub.status(id).last?.kg === 12_345, 3000);
    },
    20_000,
  );
});
