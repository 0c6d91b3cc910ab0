import * as outboundWeighing from './outbound-weighing';
import * as cameras from './cameras';
import * as portLoading from './port-loading';
import * as receiving from './receiving';
import * as procurement from './procurement';
import * as shipping from './shipping';
import * as transactions from './transactions';
import * as vesselApproval from './vessel-approval';
import * as weightDisplay from './weight-display';
import * as warehouseDispatch from './warehouse-dispatch';
import * as consigneeDispatch from './consignee-dispatch';
import * as groupedOut from './grouped-out';
import * as corrections from './corrections';
import * as ownershipTransfer from './ownership-transfer';
import * as siloTransfer from './silo-transfer';
import * as swapCargo from './swap-cargo';
import * as handling from './handling';
import * as loans from './loans';
import * as sales from './sales';
import * as consigneeTransfer from './consignee-transfer';
import * as warehouseTransfer from './warehouse-transfer';
import { appTextsAr, appTextsEn } from '../app-texts';
import * as dashboardMap from './dashboard-map';
import * as dashboardPartners from './dashboard-partners';
import * as dashboardShared from './dashboard-shared';
import * as dashboardVessel from './dashboard-vessel';
import * as dashboardStats from './dashboard-stats';
import * as dashboardWarehouse from './dashboard-warehouse';
import * as reports from './reports';
import * as exportsSection from './exports';
import * as reportBuilder from './report-builder';

/**
 * The feature sections of the message sets, by their i18n namespace (`t('<namespace>.…')`). A new flow adds its
 * section file and one line here (English and Arabic); the file languages' app files get its keys, in English until
 * translated, from `npm run locales:skeleton -- <lang>` (scripts/locale-skeleton.ts).
 */
const sections = { procurement, shipping, vesselApproval, portLoading, outboundWeighing, receiving, transactions, weightDisplay, cameras, warehouseDispatch, consigneeDispatch, groupedOut, corrections, ownershipTransfer, siloTransfer, swapCargo, handling, loans, sales, consigneeTransfer, warehouseTransfer, dashboardMap, dashboardShared, dashboardVessel, dashboardStats, dashboardWarehouse, dashboardPartners, reports, reportBuilder, exports: exportsSection } as const;

type Sections = typeof sections;
type Namespace = keyof Sections;
const namespaces = Object.keys(sections) as Namespace[];

/** Every section's English texts, under its namespace. */
export const sectionsEn = Object.fromEntries(namespaces.map((name) => [name, sections[name].en])) as { [K in Namespace]: Sections[K]['en'] };

/** Every section's Arabic texts, under its namespace. */
export const sectionsAr = Object.fromEntries(namespaces.map((name) => [name, sections[name].ar])) as { [K in Namespace]: Sections[K]['ar'] };

/** One map of the given message maps (later ones win). */
const merged = (maps: readonly Readonly<Record<string, string>>[]): Readonly<Record<string, string>> => maps.reduce<Record<string, string>>((all, map) => ({ ...all, ...map }), {});

/** The Arabic of the server messages the sections' flows send. */
export const sectionMessagesAr = merged(namespaces.map((name) => sections[name].messagesAr));

/** The Arabic of the other messages (zod schemas, web checks) of the sections' flows. */
export const sectionOtherMessagesAr = merged(namespaces.map((name) => sections[name].otherMessagesAr));

/**
 * The signed-in app's texts of English or Arabic, as i18next adds them after sign-in (app/i18n.ts `loadAppTexts`): the
 * signed-in app's own screens (app-texts.ts) and the sections' texts under their namespaces, and the Arabic of the
 * sections' messages (a language's own core messages win over these). The file languages (zh, it, es, fr) have the same
 * texts in an app file of their own instead (`locales/app/<lang>.ts`, types.ts `AppTranslation`).
 */
export function sectionBundle(language: 'en' | 'ar'): { translation: Record<string, unknown>; messages: Readonly<Record<string, string>> } {
  if (language === 'en') return { translation: { ...appTextsEn, ...sectionsEn }, messages: {} };
  return { translation: { ...appTextsAr, ...sectionsAr }, messages: { ...sectionMessagesAr, ...sectionOtherMessagesAr } };
}
