import type { LedgerAccountKind } from '@tonnage/contracts';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ACCOUNT_DIMENSIONS, type AccountKey } from './ledger.service';

/*
 * The account keys of the cargo flows, in one place, so the flow that puts stock into an account, the flow that
 * takes it out and every reader name the same account (docs/domain.md, "Stock is a ledger").
 *
 * `KEY_DIMENSIONS` is the one definition: per kind, the dimensions its key has. Every other dimension of an
 * account of that kind is null. The builders below (what the flows post to) and the SQL conditions (what the
 * readers select with) are both made from it, so a reader cannot require fewer or other nulls than a posting writes.
 *
 * - VESSEL(voyage, consignment): the source of a BL's cargo; negative by design.
 * - ON_BOARD(voyage, consignment): cargo of a consignment still on the vessel of a voyage.
 * - IN_TRANSIT(trip, voyage, consignment, owner, cargo type): one truck's load between two places.
 * - ON_HAND(location, silo, owner, consignment, cargo type, voyage, attached voyage): cargo at a place.
 * - TRANSIT_LOSS: the load's key it was lost from (IN_TRANSIT's dimensions); HANDLING_LOSS, HANDLING_EXCESS and
 *   DELIVERED: the position they leave or join (ON_HAND's dimensions), so losses report by the same dimensions.
 */

/** One dimension of an account key (a column of `ledger_accounts`). */
export type AccountDimension = (typeof ACCOUNT_DIMENSIONS)[number];

const IN_TRANSIT_KEY = ['tripId', 'voyageId', 'consignmentId', 'ownerCompanyId', 'cargoTypeId'] as const;
const ON_HAND_KEY = ['locationId', 'siloId', 'ownerCompanyId', 'consignmentId', 'cargoTypeId', 'voyageId', 'attachedVoyageId'] as const;

/** Per account kind, the dimensions of its key; all other dimensions of an account of that kind are null. */
export const KEY_DIMENSIONS = {
  VESSEL: ['voyageId', 'consignmentId'],
  ON_BOARD: ['voyageId', 'consignmentId'],
  IN_TRANSIT: IN_TRANSIT_KEY,
  ON_HAND: ON_HAND_KEY,
  TRANSIT_LOSS: IN_TRANSIT_KEY,
  HANDLING_LOSS: ON_HAND_KEY,
  HANDLING_EXCESS: ON_HAND_KEY,
  DELIVERED: ON_HAND_KEY,
} as const satisfies Record<LedgerAccountKind, readonly AccountDimension[]>;

/** The key dimensions of one kind, e.g. `'voyageId' | 'consignmentId'` for ON_BOARD. */
export type KeyDimension<K extends LedgerAccountKind> = (typeof KEY_DIMENSIONS)[K][number];

/** The values of a kind's key: every key dimension named; only the silo may be null (the open area). */
export type KeyValues<K extends LedgerAccountKind> = { [D in KeyDimension<K>]: D extends 'siloId' ? number | null : number };

/** The dimensions an account of this kind has no value for (always null). */
export function nullDimensions(kind: LedgerAccountKind): AccountDimension[] {
  const keyed: readonly AccountDimension[] = KEY_DIMENSIONS[kind];
  return ACCOUNT_DIMENSIONS.filter((d) => !keyed.includes(d));
}

/** The account of a kind and its key values, with nothing outside the kind's key: what every builder returns. */
export function accountKey<K extends LedgerAccountKind>(kind: K, values: KeyValues<K>): AccountKey {
  const key: AccountKey = { kind };
  const named: Partial<Record<AccountDimension, number | null>> = values;
  for (const d of KEY_DIMENSIONS[kind]) key[d] = named[d] ?? null;
  return key;
}

/**
 * Throws when a key names a dimension its kind does not have: a programming error, since such an account would
 * be invisible to every reader. For `post` to call before it writes (see the integrator's note in the report).
 */
export function assertKeyOfKind(key: AccountKey): void {
  const stray = nullDimensions(key.kind).filter((d) => (key[d] ?? null) !== null);
  if (stray.length > 0) throw new Error(`A ${key.kind} account has no ${stray.join(', ')} (accounts.ts KEY_DIMENSIONS)`);
}

export interface VoyageConsignment {
  voyageId: number;
  consignmentId: number;
}

/** Where a BL's cargo comes from (and where an approved shortage goes back to). */
export function vesselAccount(p: VoyageConsignment): AccountKey {
  return accountKey('VESSEL', { voyageId: p.voyageId, consignmentId: p.consignmentId });
}

/** A consignment's cargo still on board a voyage's vessel. */
export function onBoardAccount(p: VoyageConsignment): AccountKey {
  return accountKey('ON_BOARD', { voyageId: p.voyageId, consignmentId: p.consignmentId });
}

export interface TripLoad extends VoyageConsignment {
  tripId: number;
  ownerCompanyId: number;
  cargoTypeId: number;
}

/** One truck trip's load, keeping where it came from and whose it is. */
export function inTransitAccount(p: TripLoad): AccountKey {
  return accountKey('IN_TRANSIT', {
    tripId: p.tripId,
    voyageId: p.voyageId,
    consignmentId: p.consignmentId,
    ownerCompanyId: p.ownerCompanyId,
    cargoTypeId: p.cargoTypeId,
  });
}

export interface Position extends VoyageConsignment {
  locationId: number;
  /** null: the open area of the location. */
  siloId: number | null;
  ownerCompanyId: number;
  cargoTypeId: number;
  /** The voyage the cargo is attached to (spec: attached vessel, bindingVoyageId); the voyage itself unless swapped. */
  attachedVoyageId: number;
}

/** Cargo at a place (warehouse silo or open area, consignee or customer location). */
export function onHandAccount(p: Position): AccountKey {
  return accountKey('ON_HAND', {
    locationId: p.locationId,
    siloId: p.siloId,
    ownerCompanyId: p.ownerCompanyId,
    consignmentId: p.consignmentId,
    cargoTypeId: p.cargoTypeId,
    voyageId: p.voyageId,
    attachedVoyageId: p.attachedVoyageId,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Reading accounts in SQL from the same definition.

/** The columns of `ledger_accounts` or of an alias of it, as a condition builder needs them. */
export type AccountColumns = Record<'agencyId' | 'kind' | AccountDimension, AnyPgColumn>;

/** A dimension's value in a condition: a literal, null (part of the key), or a column / expression of the outer query. */
export type DimensionOperand = number | null | AnyPgColumn | SQL;

/** The operands of a kind's full key. */
export type KeyOperands<K extends LedgerAccountKind> = { [D in KeyDimension<K>]: DimensionOperand };

function equalsOperand(column: AnyPgColumn, operand: DimensionOperand): SQL {
  return operand === null ? isNull(column) : eq(column, operand);
}

function allOf(conditions: SQL[]): SQL {
  return and(...conditions) ?? sql`true`;
}

type Operands = Partial<Record<AccountDimension, DimensionOperand>>;

/** The kind, each of its key dimensions equal to its operand (absent: null) and every other dimension null. */
function keyMatch(accounts: AccountColumns, kind: LedgerAccountKind, operands: Operands): SQL[] {
  const keyed: readonly AccountDimension[] = KEY_DIMENSIONS[kind];
  return [eq(accounts.kind, kind), ...keyed.map((d) => equalsOperand(accounts[d], operands[d] ?? null)), ...nullDimensions(kind).map((d) => isNull(accounts[d]))];
}

/**
 * "This row is the account of this key", without the agency: the kind, each key dimension equal to its operand
 * (null matches null: the open area), every other dimension null. For joins whose agency condition is written
 * next to it; prefer `accountOf`.
 */
export function keyCondition<K extends LedgerAccountKind>(accounts: AccountColumns, kind: K, values: KeyOperands<K>): SQL {
  return allOf(keyMatch(accounts, kind, values));
}

/** "This row is the account of this key in this agency": the condition every reader of one account uses. */
export function accountOf<K extends LedgerAccountKind>(accounts: AccountColumns, agencyId: number | AnyPgColumn, kind: K, values: KeyOperands<K>): SQL {
  return allOf([eq(accounts.agencyId, agencyId), ...keyMatch(accounts, kind, values)]);
}

/** `accountOf` for a key already built (by the builders above); throws on a key with a dimension outside its kind. */
export function accountOfKey(accounts: AccountColumns, agencyId: number | AnyPgColumn, key: AccountKey): SQL {
  assertKeyOfKind(key);
  const operands: Operands = {};
  for (const d of KEY_DIMENSIONS[key.kind]) operands[d] = key[d] ?? null;
  return allOf([eq(accounts.agencyId, agencyId), ...keyMatch(accounts, key.kind, operands)]);
}

/**
 * "This row is an account of this kind whose named dimensions match": the accounts a sum or a correlated subquery
 * adds up (e.g. every ON_HAND account of a consignment at a location, whatever its silo or owner). Only the kind's
 * own dimensions can be named; the others are null for every account of the kind anyway.
 */
export function accountsOfKind<K extends LedgerAccountKind>(
  accounts: AccountColumns,
  agencyId: number | AnyPgColumn,
  kind: K,
  values: Partial<KeyOperands<K>> = {},
): SQL {
  const operands: Operands = values;
  const keyed: readonly AccountDimension[] = KEY_DIMENSIONS[kind];
  const named = keyed.filter((d) => d in operands);
  return allOf([
    eq(accounts.agencyId, agencyId),
    eq(accounts.kind, kind),
    ...named.map((d) => equalsOperand(accounts[d], operands[d] ?? null)),
  ]);
}
