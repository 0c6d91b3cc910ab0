import { kgToTonnes, ZHandlingInput, type HandlingKind, type TStockPosition } from '@tonnage/contracts';
import type { Actor } from '../kit/actor';
import type { DataScope } from '../identity/data-scope';
import type { Db } from '../platform/db/client';
import { saveApprovalRule } from '../modules/approvals/approval-rules.service';
import { createHandling, decideHandling, receivedKg } from '../modules/handling/handling.service';
import { allowedHandlingLossPercent } from '../modules/master-data/transport-rules';
import { warehousePositions } from '../modules/warehouse-dispatch/warehouse-dispatch.service';

/*
 * The demo's handling losses and excess (issue 14), after the warehouse receipts: on the warehouse position holding
 * the most usable stock, one loss within the allowance of its handling-loss rule (posted at once), one above it that
 * goes through the agency's approval rule for handling losses (the demo admin its approver) and is approved, and one
 * handling excess within the allowance. Through the flows' services, as the demo admin, in the season's transaction.
 */

const MINUTE = 60_000;
const UNRESTRICTED: DataScope = { shipmentManagerIds: null, consigneeIds: null, locationIds: null };

export interface DemoHandling {
  handlingLosses: number;
  handlingExcesses: number;
  /** Of the losses, those that went through the approval rule. */
  approvedAboveAllowance: number;
}

export async function seedDemoHandling(tx: Db, params: { agencyId: number; userId: number; now: Date }): Promise<DemoHandling> {
  const { agencyId, userId, now } = params;
  const done: DemoHandling = { handlingLosses: 0, handlingExcesses: 0, approvedAboveAllowance: 0 };
  const actorAt = (at: Date): Actor => ({ agencyId, userId, now: at, scope: UNRESTRICTED, isAdmin: true, lang: 'en', userKind: 'agencyAdmin', userCompanyId: null, can: () => true });

  // The position with the most usable stock among those whose cargo has a handling loss allowance here.
  const positions = (await warehousePositions(tx, { agencyId, scope: UNRESTRICTED })).sort((a, b) => Number(b.usable) - Number(a.usable));
  let chosen: { position: TStockPosition; baseKg: bigint; allowanceKg: bigint } | undefined;
  for (const candidate of positions) {
    if (Number(candidate.usable) <= 0) break;
    const baseKg = await receivedKg(tx, { agencyId, warehouseId: candidate.warehouseId, consignmentId: candidate.consignmentId, cargoTypeId: candidate.cargoTypeId });
    const percent = (await allowedHandlingLossPercent(tx, { agencyId, cargoTypeId: candidate.cargoTypeId, locationId: candidate.warehouseId })) ?? 0;
    const allowanceKg = (baseKg * BigInt(Math.round(percent * 1000))) / 100_000n;
    if (allowanceKg >= 4n) {
      chosen = { position: candidate, baseKg, allowanceKg };
      break;
    }
  }
  if (!chosen) return done;
  const { position, allowanceKg } = chosen;
  const usableKg = BigInt(Math.round(Number(position.usable) * 1000));
  // A quarter of the allowance stays within it; the whole allowance on top of that goes above it.
  const withinKg = allowanceKg / 4n > 0n ? allowanceKg / 4n : 1n;
  const aboveKg = allowanceKg > 0n ? allowanceKg : 1_000n;
  if (withinKg + aboveKg > usableKg) return done;

  const input = (quantityKg: bigint, reason: string, remarks: string | null) =>
    ZHandlingInput.parse({
      warehouseId: position.warehouseId,
      siloId: position.siloId,
      ownerCompanyId: position.ownerCompanyId,
      consignmentId: position.consignmentId,
      cargoTypeId: position.cargoTypeId,
      voyageId: position.voyageId,
      attachedVoyageId: position.attachedVoyageId,
      quantity: kgToTonnes(quantityKg),
      reason,
      remarks,
    });
  const record = async (kind: HandlingKind, at: Date, quantityKg: bigint, reason: string, remarks: string | null) =>
    createHandling(tx, { ...actorAt(at), kind, input: input(quantityKg, reason, remarks) });

  await record('handlingLoss', new Date(now.getTime() - 50 * MINUTE), withinKg, 'Dust and spillage at the conveyor', null);
  done.handlingLosses += 1;

  await saveApprovalRule(tx, { agencyId, kind: 'handlingLoss', input: { kind: 'handlingLoss', approvers: [{ order: 1, userId }] }, actorId: userId, now: new Date(now.getTime() - 45 * MINUTE) });
  const above = await record('handlingLoss', new Date(now.getTime() - 40 * MINUTE), aboveKg, 'Wet cargo found at the bottom of the silo', 'Surveyor report to follow');
  done.handlingLosses += 1;
  if (above.record.approvalStatus === 'Pending') {
    await decideHandling(tx, { ...actorAt(new Date(now.getTime() - 30 * MINUTE)), kind: 'handlingLoss', id: above.record.id, input: { decision: 'Approved', comment: 'Survey confirms the wet layer' } });
    done.approvedAboveAllowance += 1;
  }

  await record('handlingExcess', new Date(now.getTime() - 20 * MINUTE), withinKg, 'Stock count above the book quantity', null);
  done.handlingExcesses += 1;
  return done;
}
