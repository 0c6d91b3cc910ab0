import {
  CONSUMPTION_REFUSALS,
  consumptionRefusal,
  ErrorCode,
  type ConsumedKind,
  type ConsumerKindOf,
  type RecordKind,
  type RecordRef,
} from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from './db/client';
import { AppError } from './errors';
import { CONSIGNEE_SLIP_RECEIVERS, RECORD_TABLES, SLIP_RECEIVERS, TRANSFER_SLIP_RECEIVERS, WAREHOUSE_OUT_RECEIVERS } from './record-kinds';

/*
 * Typed back-pointers, server side. A later record that draws on an earlier one keeps a pointer column to it (a port
 * loading's `shipment_id`), or marks the earlier row with its own kind and id (a slip's `received_table` /
 * `received_id`). Each such pointer is declared once below, against the pairs of the contracts' catalogue
 * (CONSUMPTION_REFUSALS); an earlier flow's reversal then asks `assertNotConsumed` by kind and id, and never
 * imports the later flow. The declarations name tables and columns as SQL text (the platform imports nothing from
 * `modules/`); consumers.test.ts checks each against the database and its indexes.
 *
 * Locking: `assertNotConsumed` locks the consumed row FOR UPDATE before it looks for consumers, and a consumer
 * locks the consumed row (`lockForConsumption`, FOR KEY SHARE or stronger) before it checks that row is live and
 * writes its pointer. So a consumer created while its consumed record is reversed either commits first (the
 * reversal, waiting on the lock, then sees it and refuses) or waits for the reversal and sees the record Reversed.
 */

/**
 * Where a consumer's pointer to a consumed record lives. `consumer` is a fixed kind when the consumer's own row
 * points at the consumed one (`table` is the consumer's table), or `byTableColumn` when the row of `table` carries
 * the consumer's table name and id (the slip's received pair); `live` restricts to rows that still hold the record.
 */
export type ConsumerPointer<K extends ConsumedKind = ConsumedKind> = {
  consumed: K;
  consumer: ConsumerKindOf<K> | { byTableColumn: string; idColumn: string; kinds: readonly ConsumerKindOf<K>[] };
  table: string;
  pointsAt: string;
  live: string;
};

/** A declared pointer, as stored (its pair was checked by `pointer`). */
export type DeclaredPointer = {
  consumed: ConsumedKind;
  consumer: RecordKind | { byTableColumn: string; idColumn: string; kinds: readonly RecordKind[] };
  table: string;
  pointsAt: string;
  live: string;
};

/** A pointer declaration checked against the catalogue: only a declared (consumed, consumer) pair compiles. */
function pointer<K extends ConsumedKind>(declaration: ConsumerPointer<K>): DeclaredPointer {
  return declaration;
}

const received = { byTableColumn: 'received_table', idColumn: 'received_id', kinds: SLIP_RECEIVERS } as const;

/**
 * Every back-pointer of the built flows. A new flow adds its own here, and its pairs to CONSUMPTION_REFUSALS. When a
 * record has several live consumers, the refusal is the one of the pointer declared first.
 */
export const CONSUMER_POINTERS: readonly DeclaredPointer[] = [
  pointer({ consumed: 'consignment', consumer: 'portLoading', table: 'port_loadings', pointsAt: 'consignment_id', live: `status = 'Active'` }),
  pointer({ consumed: 'consignment', consumer: 'shipment', table: 'shipments', pointsAt: 'consignment_id', live: `status = 'Active'` }),
  pointer({ consumed: 'shipment', consumer: 'portLoading', table: 'port_loadings', pointsAt: 'shipment_id', live: `status = 'Active'` }),
  pointer({ consumed: 'loadingSlip', consumer: received, table: 'loading_slips', pointsAt: 'id', live: `status = 'Active' and received_table is not null` }),
  // A port loading is consumed through its slips: a received slip holds its whole port loading.
  pointer({ consumed: 'portLoading', consumer: received, table: 'loading_slips', pointsAt: 'port_loading_id', live: `status = 'Active' and received_table is not null` }),
  // An outbound second weight closes its first weight.
  // A warehouse in receives its pre in's truck.
  pointer({ consumed: 'warehousePreIn', consumer: 'warehouseIn', table: 'warehouse_ins', pointsAt: 'pre_in_id', live: `status = 'Active'` }),
  pointer({ consumed: 'outboundFirstWeight', consumer: 'outboundSecondWeight', table: 'outbound_second_weights', pointsAt: 'first_weight_id', live: `status = 'Active'` }),
  // A warehouse out delivers its Pre Out and takes its truck's second weight; the In that receives it marks it.
  pointer({ consumed: 'warehousePreOut', consumer: 'warehouseOut', table: 'warehouse_outs', pointsAt: 'pre_out_id', live: `status = 'Active'` }),
  pointer({ consumed: 'outboundSecondWeight', consumer: 'warehouseOut', table: 'warehouse_outs', pointsAt: 'second_weight_id', live: `status = 'Active'` }),
  pointer({
    consumed: 'warehouseOut',
    consumer: { byTableColumn: 'received_table', idColumn: 'received_id', kinds: WAREHOUSE_OUT_RECEIVERS },
    table: 'warehouse_outs',
    pointsAt: 'id',
    live: `status = 'Active' and received_table is not null`,
  }),
  // A loan return gives back part of its loan (SM to consignee).
  pointer({ consumed: 'consigneeToShipmentManagerLoan', consumer: 'loanReturn', table: 'loan_returns', pointsAt: 'loan_id', live: `status = 'Active'` }),
  // A `loan` port loading loads cargo its shipment manager borrowed on board (quantity type loan).
  pointer({ consumed: 'consigneeToShipmentManagerLoan', consumer: 'portLoading', table: 'port_loadings', pointsAt: 'loan_id', live: `status = 'Active'` }),
  // A Consignee Out is its consignee loading slip; the Customer In that receives it marks it.
  pointer({
    consumed: 'consigneeLoadingSlip',
    consumer: { byTableColumn: 'received_table', idColumn: 'received_id', kinds: CONSIGNEE_SLIP_RECEIVERS },
    table: 'consignee_outs',
    pointsAt: 'id',
    live: `status = 'Active' and received_table is not null`,
  }),
  // A transfer slip (a Warehouse Transfer's truck) is marked by the receipt at its destination.
  pointer({
    consumed: 'transferSlip',
    consumer: { byTableColumn: 'received_table', idColumn: 'received_id', kinds: TRANSFER_SLIP_RECEIVERS },
    table: 'transfer_slips',
    pointsAt: 'id',
    live: `status = 'Active' and received_table is not null`,
  }),
];

/**
 * The refusals of the first flows answer with code CONFLICT, as they have since those flows were built; every
 * other refusal is a BUSINESS_RULE. Kept so the API does not change.
 */
const CONFLICT_CODED: ReadonlySet<ConsumedKind> = new Set<ConsumedKind>(['consignment', 'shipment']);

/** The SQL that reads a pointer's consumer kind: a literal, or the kind whose table the row names. */
function consumerKindSql(consumer: DeclaredPointer['consumer']): SQL {
  if (typeof consumer === 'string') return sql`${consumer}::text`;
  const cases = consumer.kinds.map((kind) => sql`when ${RECORD_TABLES[kind]} then ${kind}::text`);
  return sql`(case ${sql.identifier(consumer.byTableColumn)} ${sql.join(cases, sql` `)} end)`;
}

/** The SQL that reads a pointer's consumer id. */
function consumerIdSql(consumer: DeclaredPointer['consumer']): SQL {
  return typeof consumer === 'string' ? sql`id` : sql`${sql.identifier(consumer.idColumn)}`;
}

/** The pointers to records of `kind`. */
export function pointersTo(kind: ConsumedKind): readonly DeclaredPointer[] {
  return CONSUMER_POINTERS.filter((p) => p.consumed === kind);
}

/**
 * The live records that consume `record` (at most `limit`), for a refusal or for the UI's "what holds this?": one
 * indexed probe per declared pointer, in one statement.
 */
export async function consumersOf(tx: Db, params: { agencyId: number; record: RecordRef<ConsumedKind>; limit?: number }): Promise<RecordRef[]> {
  const pointers = pointersTo(params.record.kind);
  if (pointers.length === 0) return [];
  const limit = params.limit ?? 100;
  const probes = pointers.map(
    (p, rank) => sql`(select ${rank}::int as rank, ${consumerKindSql(p.consumer)} as kind, ${consumerIdSql(p.consumer)} as id from ${sql.identifier(p.table)}
      where agency_id = ${params.agencyId} and ${sql.identifier(p.pointsAt)} = ${params.record.id} and ${sql.raw(p.live)} order by id limit ${limit})`,
  );
  const rows = await queryRows<{ kind: RecordKind | null; id: number | null }>(
    tx,
    sql`select kind, id from (${sql.join(probes, sql` union all `)}) as consumers order by rank, id limit ${limit}`,
  );
  return rows.flatMap((row) => (row.kind === null || row.id === null ? [] : [{ kind: row.kind, id: Number(row.id) }]));
}

/** The 409 refusing to reverse (or pull away) a `consumed` record that a `consumer` record draws on. */
export function consumedRefusal<K extends ConsumedKind>(consumed: K, consumer: RecordKind): AppError {
  const refusals: { readonly [C in RecordKind]?: unknown } = CONSUMPTION_REFUSALS[consumed];
  if (!(consumer in refusals)) throw new Error(`${consumer} is not declared as a consumer of ${consumed}`);
  const message = consumptionRefusal(consumed, consumer as ConsumerKindOf<K>);
  return new AppError(409, CONFLICT_CODED.has(consumed) ? ErrorCode.CONFLICT : ErrorCode.BUSINESS_RULE, message);
}

/**
 * Refuses (409, the catalogue's message for the first live consumer) when anything still consumes `record`. The
 * record's row is locked FOR UPDATE first, so a consumer being created waits for this transaction, and one that
 * committed before is seen. Call it in the reversal's transaction, after the caller's own checks of the record.
 */
export async function assertNotConsumed(tx: Db, params: { agencyId: number; record: RecordRef<ConsumedKind> }): Promise<void> {
  const table = sql.identifier(RECORD_TABLES[params.record.kind]);
  await tx.execute(sql`select 1 from ${table} where agency_id = ${params.agencyId} and id = ${params.record.id} for update`);
  const [consumer] = await consumersOf(tx, { ...params, limit: 1 });
  if (consumer) throw consumedRefusal(params.record.kind, consumer.kind);
}

/**
 * Locks a record a consumer is about to draw on (FOR KEY SHARE: consumers do not wait for one another, a reversal
 * does) and returns its status, or null when the agency has no such record. The consumer checks the status after
 * this lock, so a reversal that committed meanwhile is seen.
 */
export async function lockForConsumption(tx: Db, params: { agencyId: number; record: RecordRef }): Promise<string | null> {
  const table = sql.identifier(RECORD_TABLES[params.record.kind]);
  const [row] = await queryRows<{ status: string }>(tx, sql`select status from ${table} where agency_id = ${params.agencyId} and id = ${params.record.id} for key share`);
  return row?.status ?? null;
}
