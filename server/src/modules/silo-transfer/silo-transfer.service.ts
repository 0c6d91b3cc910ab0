import { ErrorCode, Messages, SiloTransferMessages, kgToTonnes, tonnesToKg, type TReasonBody, type TSiloTransfer, type TSiloTransferList, type TSiloTransferValues, ZSiloTransferListQuery } from '@tonnage/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CommandActor, ReadActor } from '../../kit/actor';
import { onHandAccount, type Position } from '../../ledger/accounts';
import { post, reverse } from '../../ledger/ledger.service';
import { recordAudit } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { orderByAllowed } from '../../platform/db/list-order';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { agencyTimezone } from '../../identity/agency-time-zone';
import { columnOf, companies } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { dateIn, placeShares } from '../receiving/receiving.service';
import { auditable, between, checkPosition, checkSilo, checkWarehouse, timeZoneFor } from '../warehouse-dispatch/warehouse-dispatch.service';
import { selectSiloTransfers, siloTransferScope, siloTransferSort, toSiloTransfers } from './silo-transfer.queries';
import { siloTransferShares, siloTransfers } from './silo-transfer.schema';

/*
 * Silo transfer (spec 2.3 `siloTransfer`; docs/domain.md flow table): a quantity of a silo or the open area of a
 * warehouse moves to other silos (split as a warehouse in splits its cargo, through receiving's `placeShares`: the
 * shares add up, each silo within its capacity, the cargo control's in-block) or to the open area, in one ledger
 * posting. The ledger refuses more than the source's usable (409 Quantity not available), also racing; the reversal
 * posts the opposite and is refused the same way once a target's stock has moved on.
 */

const col = columnOf;
type Message = (typeof SiloTransferMessages)[keyof typeof SiloTransferMessages];
const field = (name: string, message: Parameters<typeof badRequest>[0]) => badRequest(message, { [name]: message });
const ruleConflict = (message: Message) => new AppError(409, ErrorCode.BUSINESS_RULE, message);

type ListQuery = z.output<typeof ZSiloTransferListQuery>;
export type SiloTransferFilters = Omit<ListQuery, 'page' | 'limit'>;

function lcOrOwner(search: string | undefined): SQL | undefined {
  if (search === undefined) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(coalesce(${consignments.lcNumber}, ${consignments.poNumber}) ilike ${pattern} or ${col(companies, 'name')} ilike ${pattern})`;
}

async function conditions(tx: Db, actor: ReadActor, q: SiloTransferFilters): Promise<SQL | undefined> {
  const timeZone = await timeZoneFor(tx, actor.agencyId, q);
  return and(
    eq(siloTransfers.agencyId, actor.agencyId),
    siloTransferScope(actor.scope),
    q.warehouseId === undefined ? undefined : eq(siloTransfers.warehouseId, q.warehouseId),
    q.consignmentId === undefined ? undefined : eq(siloTransfers.consignmentId, q.consignmentId),
    q.storage === undefined ? undefined : eq(siloTransfers.storage, q.storage),
    q.status === 'all' ? undefined : eq(siloTransfers.status, q.status),
    ...between(sql`${siloTransfers.transferAt}`, q, timeZone),
    q.search === undefined ? undefined : sql`${siloTransfers.id} in (select st.id from silo_transfers st join consignments on consignments.id = st.consignment_id join companies on companies.id = st.owner_company_id where ${lcOrOwner(q.search)})`,
  );
}

export async function listSiloTransfers(tx: Db, actor: ReadActor & { query: ListQuery }): Promise<TSiloTransferList> {
  const q = actor.query;
  const where = await conditions(tx, actor, q);
  const rows = await selectSiloTransfers(tx)
    .where(where)
    .orderBy(...orderByAllowed(siloTransferSort, q, siloTransfers.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx.select({ count: sql<number>`count(*)::int`, kg: sql<string>`coalesce(sum(${siloTransfers.quantityKg}), 0)::text` }).from(siloTransfers).where(where);
  return { rows: await toSiloTransfers(tx, rows), count: Number(total?.count ?? 0), total: kgToTonnes(BigInt(total?.kg ?? '0')) };
}

export async function siloTransferExportSource(tx: Db, actor: ReadActor & { query: SiloTransferFilters }): Promise<CursorSource<TSiloTransfer>> {
  const where = await conditions(tx, actor, actor.query);
  return cursorSource(selectSiloTransfers(tx).where(where).orderBy(...orderByAllowed(siloTransferSort, actor.query, siloTransfers.id)), (batchTx, rows) => toSiloTransfers(batchTx, rows));
}

export async function getSiloTransfer(tx: Db, actor: ReadActor & { id: number }): Promise<TSiloTransfer> {
  const rows = await selectSiloTransfers(tx).where(and(eq(siloTransfers.agencyId, actor.agencyId), eq(siloTransfers.id, actor.id), siloTransferScope(actor.scope)));
  const [record] = await toSiloTransfers(tx, rows);
  if (!record) throw notFound(SiloTransferMessages.notFound);
  return record;
}

const positionAt = (row: { warehouseId: number; ownerCompanyId: number; consignmentId: number; cargoTypeId: number; voyageId: number; attachedVoyageId: number }, siloId: number | null): Position => ({
  locationId: row.warehouseId,
  siloId,
  ownerCompanyId: row.ownerCompanyId,
  consignmentId: row.consignmentId,
  cargoTypeId: row.cargoTypeId,
  voyageId: row.voyageId,
  attachedVoyageId: row.attachedVoyageId,
});

/** Creates a silo transfer: ON_HAND(source) -> ON_HAND(each share) in one warehouse, same owner and consignment. */
export async function createSiloTransfer(tx: Db, actor: CommandActor & { input: TSiloTransferValues }): Promise<TSiloTransfer> {
  const input = actor.input;
  await checkWarehouse(tx, actor, input.warehouseId);
  await checkSilo(tx, actor, input.warehouseId, input.siloId);
  if (input.siloId === null && input.storage === 'openArea') throw field('storage', SiloTransferMessages.openAreaToOpenArea);
  if (input.siloId !== null && input.storage === 'silo' && input.silos.some((share) => share.siloId === input.siloId)) throw field('silos', SiloTransferMessages.sameSilo);
  const from = positionAt(input, input.siloId);
  await checkPosition(tx, actor, from);
  const quantityKg = tonnesToKg(input.quantity);
  const date = dateIn(actor.now, await agencyTimezone(tx, actor.agencyId));
  const shares = await placeShares(tx, { agencyId: actor.agencyId, warehouseId: input.warehouseId, cargoTypeId: input.cargoTypeId, receivedKg: quantityKg, storage: input, date, within: 'move' });
  const [row] = await tx
    .insert(siloTransfers)
    .values({
      agencyId: actor.agencyId,
      warehouseId: input.warehouseId,
      fromSiloId: input.siloId,
      ownerCompanyId: input.ownerCompanyId,
      consignmentId: input.consignmentId,
      cargoTypeId: input.cargoTypeId,
      voyageId: input.voyageId,
      attachedVoyageId: input.attachedVoyageId,
      storage: input.storage,
      quantityKg,
      transferAt: actor.now,
      remarks: input.remarks,
      createdBy: actor.userId,
      createdAt: actor.now,
    })
    .returning();
  if (!row) throw new Error('silo transfer not written');
  await tx.insert(siloTransferShares).values(shares.map((share) => ({ agencyId: actor.agencyId, siloTransferId: row.id, siloId: share.siloId, quantityKg: share.kg })));
  const { transactionId } = await post(tx, {
    agencyId: actor.agencyId,
    type: 'siloTransfer',
    source: { table: 'silo_transfers', id: row.id },
    userId: actor.userId,
    at: actor.now,
    lines: [{ account: onHandAccount(from), quantityKg: -quantityKg }, ...shares.map((share) => ({ account: onHandAccount(positionAt(input, share.siloId)), quantityKg: share.kg }))],
  });
  await tx.update(siloTransfers).set({ ledgerTransactionId: transactionId }).where(eq(siloTransfers.id, row.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: 'siloTransfer', entityId: row.id, after: auditable({ ...row, ledgerTransactionId: transactionId, shares: shares.map((s) => ({ siloId: s.siloId, kg: s.kg.toString() })) }), at: actor.now });
  return getSiloTransfer(tx, { agencyId: actor.agencyId, scope: actor.scope, id: row.id });
}

/**
 * Reverses a silo transfer with a reason: the shares go back to the source (a source silo must have room for it
 * again). Refused with Quantity not available when a target's stock has moved on.
 */
export async function reverseSiloTransfer(tx: Db, actor: CommandActor & { id: number; body: TReasonBody }): Promise<void> {
  const reason = actor.body.reason.trim();
  if (!reason) throw field('reason', Messages.reasonRequired);
  const [before] = await tx
    .select()
    .from(siloTransfers)
    .where(and(eq(siloTransfers.agencyId, actor.agencyId), eq(siloTransfers.id, actor.id), siloTransferScope(actor.scope)))
    .for('update');
  if (!before) throw notFound(SiloTransferMessages.notFound);
  if (before.status !== 'Active') throw ruleConflict(SiloTransferMessages.alreadyReversed);
  if (before.fromSiloId !== null) {
    await placeShares(tx, {
      agencyId: actor.agencyId,
      warehouseId: before.warehouseId,
      cargoTypeId: before.cargoTypeId,
      receivedKg: before.quantityKg,
      storage: { storage: 'silo', silos: [{ siloId: before.fromSiloId, quantity: kgToTonnes(before.quantityKg) }], remarks: null },
      date: dateIn(actor.now, 'UTC'),
      within: 'return',
    });
  }
  if (before.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
  await tx.update(siloTransfers).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(siloTransfers.id, before.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: 'siloTransfer', entityId: before.id, before: auditable(before), after: { status: 'Reversed', reason }, at: actor.now });
}

