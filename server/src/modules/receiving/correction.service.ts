import { CorrectionMessages, ErrorCode, kgToTonnes, Messages, ReceivingMessages, tonnesToKg, type TCorrection, type TWarehouseInCorrectionValues } from '@tonnage/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { CommandActor, ReadActor } from '../../kit/actor';
import { reverse } from '../../ledger/ledger.service';
import { correctionHistory, recordCorrection } from '../../platform/audit/corrections';
import type { Db } from '../../platform/db/client';
import { AppError, badRequest } from '../../platform/errors';
import { agencyTimezone } from '../../identity/agency-time-zone';
import { columnOf, silos } from '../master-data/master-data.schema';
import { checkNet, weighbridgeSettings } from '../outbound-weighing/outbound-weighing.service';
import { warehouseInShares, warehouseIns } from './receiving.schema';
import { getIn, lockIn, lockSlipOf, placeShares, postIn, writeShares, type Share } from './receiving.service';

/*
 * Correction of a past Warehouse In (spec 2.3 `oldWarehouse-in/{warehouseInId}/edit`; docs/decisions.md "A past
 * record is corrected by reverse-and-repost"): its empty weight typed (so its received quantity) and its silo split,
 * with a reason, in one transaction: the In's posting reversed (409 Quantity not available when the stock it brought
 * has moved on), the corrected one posted with the placement checks of an In (silo capacity, the sum, the cargo
 * control), the In's figures replaced (the typed weight marked MANUAL with the reason), and an audit row `correct`
 * with the figures before and after.
 */

const ENTITY = 'warehouseIn';

async function figuresOf(tx: Db, params: { emptyKg: number; receivedKg: bigint; storage: string; shares: Share[] }): Promise<Record<string, string | number | null>> {
  const ids = params.shares.flatMap((s) => (s.siloId === null ? [] : [s.siloId]));
  const names = new Map(ids.length === 0 ? [] : (await tx.select({ id: columnOf(silos, 'id'), name: columnOf(silos, 'name') }).from(silos).where(inArray(columnOf(silos, 'id'), ids))).map((s) => [Number(s.id), String(s.name)]));
  const split = params.shares.map((s) => `${s.siloId === null ? 'Open area' : (names.get(s.siloId) ?? String(s.siloId))}: ${kgToTonnes(s.kg)}`).join('; ');
  return { emptyKg: params.emptyKg, receivedQuantity: kgToTonnes(params.receivedKg), storage: params.storage, split };
}

const sameShares = (a: Share[], b: Share[]) => {
  const key = (shares: Share[]) => shares.map((s) => `${s.siloId ?? 'open'}=${s.kg}`).sort().join(',');
  return key(a) === key(b);
};

export async function correctWarehouseIn(tx: Db, actor: CommandActor & { id: number; input: TWarehouseInCorrectionValues }): Promise<TCorrection[]> {
  const { input } = actor;
  const reason = input.reason.trim();
  if (!reason) throw badRequest(Messages.reasonRequired, { reason: Messages.reasonRequired });
  const { in: before, preIn } = await lockIn(tx, actor);
  if (before.status !== 'Active') throw new AppError(409, ErrorCode.BUSINESS_RULE, ReceivingMessages.warehouseInReversed);
  if (before.ledgerTransactionId === null) throw new Error('warehouse in without its posting');
  const slip = await lockSlipOf(tx, actor.agencyId, preIn);
  if (input.emptyKg >= preIn.kg) throw badRequest(CorrectionMessages.emptyNotBelowLoaded, { emptyKg: CorrectionMessages.emptyNotBelowLoaded });
  const settings = await weighbridgeSettings(tx, before.machineId);
  const receivedKg = BigInt(checkNet(settings, preIn.kg, input.emptyKg));
  const oldShares: Share[] = (await tx.select().from(warehouseInShares).where(eq(warehouseInShares.warehouseInId, before.id))).map((s) => ({ siloId: s.siloId, kg: BigInt(s.quantityKg) }));
  const requested: Share[] = input.storage === 'openArea' ? [{ siloId: null, kg: receivedKg }] : input.silos.map((s) => ({ siloId: s.siloId, kg: tonnesToKg(s.quantity) }));
  if (input.emptyKg === before.kg && input.storage === before.storage && sameShares(oldShares, requested)) throw badRequest(CorrectionMessages.unchanged);

  // Reverse first: the stock of the original placement leaves (or the ledger refuses: it has moved on), then the
  // corrected placement is checked against the silos as they are without it.
  await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason: `Correction: ${reason}` });
  const timeZone = await agencyTimezone(tx, actor.agencyId);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(actor.now);
  const shares = await placeShares(tx, { agencyId: actor.agencyId, warehouseId: preIn.warehouseId, cargoTypeId: slip.cargoTypeId, receivedKg, storage: { storage: input.storage, silos: input.silos, remarks: null }, date });
  await writeShares(tx, { agencyId: actor.agencyId, inId: before.id, shares });
  const transactionId = await postIn(tx, { agencyId: actor.agencyId, userId: actor.userId, at: actor.now, inId: before.id, slip: { ...slip, quantityKg: BigInt(before.slipKg) }, warehouseId: preIn.warehouseId, shares });
  await tx
    .update(warehouseIns)
    .set({ kg: input.emptyKg, receivedKg: Number(receivedKg), storage: input.storage, manual: true, manualReason: reason, ledgerTransactionId: transactionId, updatedBy: actor.userId, updatedAt: actor.now })
    .where(eq(warehouseIns.id, before.id));
  await recordCorrection(tx, {
    agencyId: actor.agencyId,
    userId: actor.userId,
    at: actor.now,
    entity: ENTITY,
    id: before.id,
    reason,
    before: await figuresOf(tx, { emptyKg: before.kg, receivedKg: BigInt(before.receivedKg), storage: before.storage, shares: oldShares }),
    after: await figuresOf(tx, { emptyKg: input.emptyKg, receivedKg, storage: input.storage, shares }),
  });
  return correctionHistory(tx, { agencyId: actor.agencyId, entity: ENTITY, id: before.id });
}

/** The corrections of a Warehouse In in the reader's scope (404 outside it). */
export async function warehouseInCorrections(tx: Db, actor: ReadActor & { id: number }): Promise<TCorrection[]> {
  await getIn(tx, actor);
  return correctionHistory(tx, { agencyId: actor.agencyId, entity: ENTITY, id: actor.id });
}
