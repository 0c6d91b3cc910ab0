import { Messages, PortLoadingMessages, ZLoadingSlipInput, ZPortLoadingInput } from '@tonnage/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBoardAccount } from '../../ledger/accounts';
import { accountBalance } from '../../ledger/ledger.service';
import { inAgency } from '../../platform/db/tenancy';
import { AppError } from '../../platform/errors';
import { makeAgency, makeUser } from '../../test/fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { createLoadingSlip } from './loading-slips.service';
import { makeCargoWorld, makeShipment, postShortage, type CargoWorld, type Writer } from './port-loading.fixtures';
import { loadingSlips, portLoadings } from './port-loading.schema';
import { createPortLoading } from './port-loading.service';
import { UNRESTRICTED } from '../../identity/data-scope';

/** Racing slips and port loadings on a real PostgreSQL server: neither the vessel nor a port loading is ever overdrawn or over-planned. */

describe.runIf(testEngine === 'postgres')('loading slips under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let writer: Writer;
  let world: CargoWorld;
  let trucks: number[];
  let drivers: number[];

  beforeAll(async () => {
    t = await createTestApp();
    const agencyId = (await makeAgency(t.database.db, { name: 'Race agency' })).id;
    const userId = (await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId })).id;
    writer = { agencyId, userId, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
    world = await makeCargoWorld(t.database.db, writer);
    trucks = [];
    drivers = [];
    for (let i = 0; i < 20; i += 1) {
      trucks.push(await world.truck(`RACE ${i}`));
      drivers.push(await world.driver(`Racer${i}`));
    }
  });
  afterAll(async () => {
    await t.close();
  });


  async function race(params: { blTonnes: string; portLoadingTonnes: string; slipTonnes: string; wbtPrefix: string; shortageTonnes?: string }) {
    const shipment = await makeShipment(t.database.db, writer, world, { blTonnes: params.blTonnes });
    const portLoading = await inAgency(t.database.db, writer.agencyId, (tx) =>
      createPortLoading(tx, {
        ...writer,
        scope: UNRESTRICTED,
        input: ZPortLoadingInput.parse({ voyageId: shipment.voyageId, shipmentId: shipment.shipmentId, transportationType: 'warehouse', toLocationId: world.warehouseId, transporterKind: 'company', transporterId: world.transporterId, quantity: params.portLoadingTonnes, loadingDate: '2026-11-21' }),
      }),
    );
    if (params.shortageTonnes !== undefined) await postShortage(t.database.db, writer, shipment, params.shortageTonnes);
    const outcomes = await Promise.allSettled(
      trucks.map((truckId, i) =>
        inAgency(t.database.db, writer.agencyId, (tx) =>
          createLoadingSlip(tx, {
            ...writer,
            scope: UNRESTRICTED,
            portLoadingId: portLoading.id,
            input: ZLoadingSlipInput.parse({ truckId, driverId: drivers[i], wbtNumber: `${params.wbtPrefix}-${i}`, quantity: params.slipTonnes }),
          }),
        ),
      ),
    );
    const accepted = outcomes.filter((o) => o.status === 'fulfilled');
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    const onBoard = await inAgency(t.database.db, writer.agencyId, async (tx) => (await accountBalance(tx, { agencyId: writer.agencyId, account: onBoardAccount(shipment) }))?.balanceKg);
    const [stored] = await t.database.db
      .select({ count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${loadingSlips.quantityKg}), 0)` })
      .from(loadingSlips)
      .where(eq(loadingSlips.portLoadingId, portLoading.id));
    return { shipment, accepted, refusals, onBoard, stored };
  }

  it('20 slips against an on-board balance that covers 7: 7 pass, 13 get Quantity not available', async () => {
    // Planned against 1000 on board, then an approved shortage of 930 leaves 70 for a plan of 1000.
    const { accepted, refusals, onBoard, stored } = await race({ blTonnes: '1000', portLoadingTonnes: '1000', slipTonnes: '10', wbtPrefix: 'VESSEL', shortageTonnes: '930' });
    expect(accepted).toHaveLength(7);
    expect(refusals).toHaveLength(13);
    for (const error of refusals) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).message).toBe(Messages.quantityNotAvailable);
    }
    expect(onBoard).toBe(0n);
    expect(stored).toEqual({ count: 7, total: '70000' });
    const numbers = await t.database.db.select({ n: loadingSlips.slipNumber }).from(loadingSlips).where(eq(loadingSlips.agencyId, writer.agencyId));
    // Numbered without gaps although 13 of the 20 racing slips rolled back: the counter is taken last.
    expect(numbers.map((r) => r.n).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('20 slips against a port loading that covers 5: 5 pass, 15 are refused for the port loading quantity', async () => {
    const { accepted, refusals, onBoard, stored } = await race({ blTonnes: '500', portLoadingTonnes: '50', slipTonnes: '10', wbtPrefix: 'PL' });
    expect(accepted).toHaveLength(5);
    expect(refusals.map((e) => (e as AppError).message)).toEqual(Array.from({ length: 15 }, () => PortLoadingMessages.exceedsPortLoading));
    expect(onBoard).toBe(450_000n);
    expect(stored).toEqual({ count: 5, total: '50000' });
  });

  it('20 port loadings of one BL racing for an on-board balance that covers 7: 7 pass, 13 get the plan refusal', async () => {
    const shipment = await makeShipment(t.database.db, writer, world, { blTonnes: '70' });
    const outcomes = await Promise.allSettled(
      trucks.map(() =>
        inAgency(t.database.db, writer.agencyId, (tx) =>
          createPortLoading(tx, {
            ...writer,
            scope: UNRESTRICTED,
            input: ZPortLoadingInput.parse({ voyageId: shipment.voyageId, shipmentId: shipment.shipmentId, transportationType: 'warehouse', toLocationId: world.warehouseId, transporterKind: 'company', transporterId: world.transporterId, quantity: '10', loadingDate: '2026-11-21' }),
          }),
        ),
      ),
    );
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(7);
    expect(refusals.map((e) => (e instanceof AppError ? e.message : String(e)))).toEqual(Array.from({ length: 13 }, () => PortLoadingMessages.quantityAboveOnBoard));
    const [planned] = await t.database.db
      .select({ count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${portLoadings.quantityKg}), 0)` })
      .from(portLoadings)
      .where(eq(portLoadings.shipmentId, shipment.shipmentId));
    expect(planned).toEqual({ count: 7, total: '70000' });
  });
});
