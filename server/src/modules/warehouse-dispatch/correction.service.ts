import { CorrectionMessages, ErrorCode, kgToTonnes, Messages, tonnesToKg, WarehouseDispatchMessages, type TCorrection, type TWarehouseOutCorrectionValues } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import type { Actor, CommandActor, ReadActor } from '../../kit/actor';
import { inTransitAccount, onHandAccount } from '../../ledger/accounts';
import { post, reverse } from '../../ledger/ledger.service';
import { correctionHistory, recordCorrection } from '../../platform/audit/corrections';
import { assertNotConsumed } from '../../platform/consumers';
import type { Db } from '../../platform/db/client';
import { AppError, badRequest } from '../../platform/errors';
import { columnOf, locations } from '../master-data/master-data.schema';
import { warehouseOuts, warehousePreOuts } from './warehouse-dispatch.schema';
import { checkDestination, getOut, lockOut } from './warehouse-dispatch.service';

/*
 * Correction of a past Warehouse Out (spec 2.3 `oldWarehouse-out/{warehouseOutId}/edit`; docs/decisions.md "A past
 * record is corrected by reverse-and-repost"): its quantity (the second weight's net, typed) and its destination,
 * while no In has received it (the spec's message otherwise), with a reason, in one transaction: the Out's posting
 * reversed, the corrected one posted on the same trip (409 Quantity not available when the position cannot give the
 * more), the WBQ rule against its Pre Out kept, and an audit row `correct` with the figures before and after. The
 * weighbridge's own record (the second weight) is left as weighed: the correction is the Out's.
 */

const ENTITY = 'warehouseOut';
const conflict = (message: (typeof WarehouseDispatchMessages)[keyof typeof WarehouseDispatchMessages], details?: Record<string, string>) => new AppError(409, ErrorCode.BUSINESS_RULE, message, details);

async function locationName(tx: Db, id: number): Promise<string> {
  const [row] = await tx.select({ name: columnOf(locations, 'name') }).from(locations).where(eq(columnOf(locations, 'id'), id));
  return row ? String(row.name) : String(id);
}

export async function correctWarehouseOut(tx: Db, actor: CommandActor & { id: number; input: TWarehouseOutCorrectionValues }): Promise<TCorrection[]> {
  const { input } = actor;
  const reason = input.reason.trim();
  if (!reason) throw badRequest(Messages.reasonRequired, { reason: Messages.reasonRequired });
  const before = await lockOut(tx, actor);
  if (before.status !== 'Active') throw conflict(WarehouseDispatchMessages.warehouseOutReversed);
  // Received by an In: 'This Warehouse Out delivered on Warehouse In. Please revert Warehouse In transaction first.'
  await assertNotConsumed(tx, { agencyId: actor.agencyId, record: { kind: 'warehouseOut', id: before.id } });
  if (before.ledgerTransactionId === null) throw new Error('warehouse out without its posting');
  const [preOut] = await tx.select().from(warehousePreOuts).where(eq(warehousePreOuts.id, before.preOutId)).for('update');
  if (!preOut) throw new Error('warehouse out without its pre out');
  const netKg = tonnesToKg(input.quantity);
  if (netKg < preOut.quantityKg) {
    throw conflict(WarehouseDispatchMessages.wbqBelowPreOut, { quantity: WarehouseDispatchMessages.wbqBelowPreOut, wbq: kgToTonnes(netKg), preOut: kgToTonnes(preOut.quantityKg) });
  }
  await checkDestination(tx, actor, input, preOut.warehouseId);
  if (netKg === before.quantityKg && input.destinationType === before.destinationType && input.toLocationId === before.toLocationId) throw badRequest(CorrectionMessages.unchanged);

  await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason: `Correction: ${reason}` });
  const position = {
    locationId: preOut.warehouseId,
    siloId: preOut.siloId,
    ownerCompanyId: preOut.ownerCompanyId,
    consignmentId: preOut.consignmentId,
    cargoTypeId: preOut.cargoTypeId,
    voyageId: preOut.voyageId,
    attachedVoyageId: preOut.attachedVoyageId,
  };
  const { transactionId } = await post(tx, {
    agencyId: actor.agencyId,
    type: 'warehouseOut',
    source: { table: 'warehouse_outs', id: before.id },
    userId: actor.userId,
    at: actor.now,
    lines: [
      { account: onHandAccount(position), quantityKg: -netKg, committedKg: -preOut.quantityKg },
      // The new destination replaces the truck's kept one (road.ts).
      {
        account: inTransitAccount({ tripId: before.tripId, voyageId: preOut.voyageId, consignmentId: preOut.consignmentId, ownerCompanyId: preOut.ownerCompanyId, cargoTypeId: preOut.cargoTypeId }),
        quantityKg: netKg,
        destinationLocationId: input.toLocationId,
      },
    ],
  });
  await tx
    .update(warehouseOuts)
    .set({ quantityKg: netKg, destinationType: input.destinationType, toLocationId: input.toLocationId, ledgerTransactionId: transactionId, updatedBy: actor.userId, updatedAt: actor.now })
    .where(eq(warehouseOuts.id, before.id));
  await recordCorrection(tx, {
    agencyId: actor.agencyId,
    userId: actor.userId,
    at: actor.now,
    entity: ENTITY,
    id: before.id,
    reason,
    before: { quantity: kgToTonnes(before.quantityKg), destinationType: before.destinationType, destination: await locationName(tx, before.toLocationId) },
    after: { quantity: kgToTonnes(netKg), destinationType: input.destinationType, destination: await locationName(tx, input.toLocationId) },
  });
  return correctionHistory(tx, { agencyId: actor.agencyId, entity: ENTITY, id: before.id });
}

/** The corrections of a Warehouse Out in the reader's scope (404 outside it). */
export async function warehouseOutCorrections(tx: Db, actor: ReadActor & Pick<Actor, 'can'> & { id: number }): Promise<TCorrection[]> {
  await getOut(tx, actor);
  return correctionHistory(tx, { agencyId: actor.agencyId, entity: ENTITY, id: actor.id });
}
