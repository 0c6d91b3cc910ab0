import { RULE_SUBJECT_IDS, type Localized } from '@tonnage/contracts';
import { and, asc, eq, gte, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { cargoControlRules, columnOf, drivers, handlingLossRules, transporterRules, type ResourceTable } from './master-data.schema';

/** Columns of the registry's tables by field name. */
const col = columnOf;

/**
 * What the loading flows ask of the rules declared in master data: whether a truck and its driver may take
 * another trip, the handling loss allowed for a cargo at a warehouse, and what a cargo control rule stops. Each
 * takes the agency's transaction and matches the agency explicitly as well, so it is right even outside
 * row-level security.
 */

/** A rule a truck or driver breaks today, with the words to show the user. */
export interface TransportRuleViolation {
  ruleId: number;
  subject: 'truck' | 'driver';
  code: 'blocked' | 'tripsPerDay' | 'documentExpired' | 'licenceExpired';
  message: Localized;
}

/** Active rows of the agency. */
function activeOf(table: ResourceTable, agencyId: number): SQL[] {
  return [eq(col(table, 'agencyId'), agencyId), eq(col(table, 'isActive'), true)];
}

/** Rows whose validity period (an open end when empty) holds the day. */
function validOn(table: ResourceTable, date: string): SQL[] {
  const from = col(table, 'validFrom');
  const to = col(table, 'validTo');
  return [or(isNull(from), lte(from, date)) ?? isNull(from), or(isNull(to), gte(to, date)) ?? isNull(to)];
}

/** Rules of one subject that concern this truck or driver: its own, and the transporter-wide ones (no truck/driver set). */
function subjectRules(subject: 'truck' | 'driver', id: number | null): SQL {
  const subjectColumn = col(transporterRules, subject === 'truck' ? 'truckId' : 'driverId');
  const everyOne = isNull(subjectColumn);
  return and(eq(col(transporterRules, 'ruleSubjectId'), RULE_SUBJECT_IDS[subject]), id === null ? everyOne : (or(everyOne, eq(subjectColumn, id)) ?? everyOne)) ?? everyOne;
}

interface RuleRow {
  id: number;
  subject: 'truck' | 'driver';
  name: string;
  ruleType: string;
  maxTripsPerDay: number | null;
  documentName: string | null;
  documentExpiry: string | null;
  reason: string | null;
}

/** " (Reason)" when the rule gives one, so the user learns why. */
const because = (rule: RuleRow) => (rule.reason ? ` (${rule.reason})` : '');

const subjectWords = { truck: { en: 'This truck', ar: 'هذه الشاحنة' }, driver: { en: 'This driver', ar: 'هذا السائق' } } as const;

/** The violation of one rule on the day, or null when the rule is kept. */
function violationOf(rule: RuleRow, context: { date: string; tripsToday: number; licenceExpiry: string | null }): TransportRuleViolation | null {
  const who = subjectWords[rule.subject];
  const base = { ruleId: rule.id, subject: rule.subject };
  switch (rule.ruleType) {
    case 'block':
      return { ...base, code: 'blocked', message: { en: `${who.en} is blocked by the rule "${rule.name}"${because(rule)}.`, ar: `${who.ar} محظور بموجب القاعدة "${rule.name}"${because(rule)}.` } };
    case 'maxTripsPerDay': {
      const max = rule.maxTripsPerDay;
      if (max === null || context.tripsToday < max) return null;
      return { ...base, code: 'tripsPerDay', message: { en: `${who.en} already made ${context.tripsToday} of at most ${max} trips today (rule "${rule.name}").`, ar: `${who.ar} أكمل ${context.tripsToday} من أصل ${max} رحلات مسموحة اليوم (القاعدة "${rule.name}").` } };
    }
    case 'requireDocument': {
      if (rule.documentExpiry !== null && rule.documentExpiry >= context.date) return null;
      const document = rule.documentName ?? 'document';
      const until = rule.documentExpiry ?? '-';
      return { ...base, code: 'documentExpired', message: { en: `The ${document} of ${who.en.toLowerCase()} expired on ${until} (rule "${rule.name}").`, ar: `انتهت صلاحية ${document} في ${until} (القاعدة "${rule.name}").` } };
    }
    case 'requireValidLicence': {
      if (context.licenceExpiry !== null && context.licenceExpiry >= context.date) return null;
      const until = context.licenceExpiry ?? '-';
      return { ...base, code: 'licenceExpired', message: { en: `The driver's licence expired on ${until} (rule "${rule.name}").`, ar: `انتهت رخصة السائق في ${until} (القاعدة "${rule.name}").` } };
    }
    default:
      return null;
  }
}

/** The licence expiry of a driver of the agency (null when unknown). */
async function licenceExpiryOf(tx: Db, params: { agencyId: number; driverId: number | null }): Promise<string | null> {
  if (params.driverId === null) return null;
  const [driver] = await tx
    .select({ licenceExpiry: col(drivers, 'licenceExpiry') })
    .from(drivers)
    .where(and(eq(col(drivers, 'id'), params.driverId), eq(col(drivers, 'agencyId'), params.agencyId)))
    .limit(1);
  return typeof driver?.licenceExpiry === 'string' ? driver.licenceExpiry : null;
}

/**
 * The truck and driver rules a trip would break on a day (ISO date): active rules of the transporter valid that
 * day, on this truck or driver or on every one of the transporter. A trips cap is broken when the trips already
 * made today reach it; a document or licence must be valid on the day. Empty when the trip may go.
 */
export async function checkTransportRules(
  tx: Db,
  params: { agencyId: number; transporterId: number; truckId: number | null; driverId: number | null; date: string; tripsToday: { truck: number; driver: number } },
): Promise<TransportRuleViolation[]> {
  const t = transporterRules;
  const rows = await tx
    .select({
      id: col(t, 'id'),
      subjectId: col(t, 'ruleSubjectId'),
      name: col(t, 'name'),
      ruleType: col(t, 'ruleType'),
      maxTripsPerDay: col(t, 'maxTripsPerDay'),
      documentName: col(t, 'documentName'),
      documentExpiry: col(t, 'documentExpiry'),
      reason: col(t, 'reason'),
    })
    .from(t)
    .where(and(...activeOf(t, params.agencyId), ...validOn(t, params.date), eq(col(t, 'transporterId'), params.transporterId), or(subjectRules('truck', params.truckId), subjectRules('driver', params.driverId))))
    .orderBy(asc(col(t, 'id')));
  const rules: RuleRow[] = rows.map((row) => ({
    id: Number(row.id),
    subject: row.subjectId === RULE_SUBJECT_IDS.truck ? 'truck' : 'driver',
    name: String(row.name),
    ruleType: String(row.ruleType),
    maxTripsPerDay: typeof row.maxTripsPerDay === 'number' ? row.maxTripsPerDay : null,
    documentName: typeof row.documentName === 'string' ? row.documentName : null,
    documentExpiry: typeof row.documentExpiry === 'string' ? row.documentExpiry : null,
    reason: typeof row.reason === 'string' ? row.reason : null,
  }));
  const licenceExpiry = rules.some((rule) => rule.ruleType === 'requireValidLicence') ? await licenceExpiryOf(tx, params) : null;
  return rules.flatMap((rule) => {
    const violation = violationOf(rule, { date: params.date, tripsToday: params.tripsToday[rule.subject], licenceExpiry });
    return violation ? [violation] : [];
  });
}

/** Rules of a cargo type that apply at a warehouse: its own, and those for every warehouse (no location set). */
function atLocation(table: ResourceTable, params: { agencyId: number; cargoTypeId: number; locationId: number | null }): SQL[] {
  const location = col(table, 'locationId');
  const everyWarehouse = isNull(location);
  return [
    ...activeOf(table, params.agencyId),
    eq(col(table, 'cargoTypeId'), params.cargoTypeId),
    params.locationId === null ? everyWarehouse : (or(everyWarehouse, eq(location, params.locationId)) ?? everyWarehouse),
  ];
}

/**
 * The handling loss allowed (percent of the quantity handled) for a cargo type at a warehouse: the warehouse's own
 * active rule wins over the rule for every warehouse; null when neither exists.
 */
export async function allowedHandlingLossPercent(tx: Db, params: { agencyId: number; cargoTypeId: number; locationId: number | null }): Promise<number | null> {
  const t = handlingLossRules;
  const rows = await tx
    .select({ locationId: col(t, 'locationId'), percent: col(t, 'allowedLossPercent') })
    .from(t)
    .where(and(...atLocation(t, params)));
  const own = rows.find((row) => row.locationId !== null) ?? rows[0];
  return own === undefined ? null : Number(own.percent);
}

/** What the cargo control rules stop for a cargo at a warehouse on a day. */
export interface CargoControl {
  blockIn: boolean;
  blockOut: boolean;
  /** The smallest maximum stock (MT) of the matching rules; null when none caps it. */
  maxStock: number | null;
}

/**
 * The cargo control of a cargo type at a warehouse on a day (ISO date), merged over the active rules valid that
 * day for that warehouse or every warehouse: blocked when any rule blocks, capped by the strictest maximum stock.
 */
export async function cargoControlFor(tx: Db, params: { agencyId: number; cargoTypeId: number; locationId: number | null; date: string }): Promise<CargoControl> {
  const t = cargoControlRules;
  const rows = await tx
    .select({ blockIn: col(t, 'blockIn'), blockOut: col(t, 'blockOut'), maxStock: col(t, 'maxStock') })
    .from(t)
    .where(and(...atLocation(t, params), ...validOn(t, params.date)));
  const caps = rows.flatMap((row) => (row.maxStock === null ? [] : [Number(row.maxStock)]));
  return {
    blockIn: rows.some((row) => row.blockIn === true),
    blockOut: rows.some((row) => row.blockOut === true),
    maxStock: caps.length > 0 ? Math.min(...caps) : null,
  };
}
