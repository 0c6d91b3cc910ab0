import { tx, type FlowOwner, type FlowPlace } from '../model';

/*
 * The demo agency's places and companies (server/src/seed/demo-master-data.ts and demo-season.ts), which the cases of
 * the flow diagrams and the guides' screenshots use, so a reader can replay each case on a fresh `npm start`.
 */

export const places = {
  falcon: { kind: 'vessel', name: 'MV Desert Falcon 2611W', detail: tx('Jeddah Islamic Port · Berth 5', 'ميناء جدة الإسلامي · الرصيف 5') },
  harvest: { kind: 'vessel', name: 'MV Nile Harvest 2614E', detail: tx('Jeddah Islamic Port · Berth 6', 'ميناء جدة الإسلامي · الرصيف 6') },
  terminal: { kind: 'warehouse', name: 'Jeddah Grain Terminal', detail: tx('Silo A1 · Silo A2 · Silo B1 · open area', 'Silo A1 · Silo A2 · Silo B1 · منطقة مفتوحة') },
  kap: { kind: 'warehouse', name: 'KAP Silo Complex', detail: tx('Silo 1 · Silo 2 · Silo 3', 'Silo 1 · Silo 2 · Silo 3') },
  yard: { kind: 'warehouse', name: 'Yanbu Open Yard', detail: tx('open area', 'منطقة مفتوحة') },
  riyadhMill: { kind: 'consigneeLocation', name: 'AMC Riyadh Mill', detail: tx('Arabian Milling Company', 'Arabian Milling Company') },
  madinahMill: { kind: 'consigneeLocation', name: 'HFM Madinah Mill', detail: tx('Hejaz Flour Mills', 'Hejaz Flour Mills') },
  feedPlant: { kind: 'consigneeLocation', name: 'Tihama Feed Plant', detail: tx('Tihama Feed Company', 'Tihama Feed Company') },
  bakeryStore: { kind: 'customerLocation', name: 'Makkah Central Bakery Store', detail: tx('Makkah Bakeries Cooperative', 'Makkah Bakeries Cooperative') },
} as const satisfies Record<string, FlowPlace>;

export const owners = {
  amc: { role: 'consignee', name: 'Arabian Milling Company' },
  hfm: { role: 'consignee', name: 'Hejaz Flour Mills' },
  tfc: { role: 'consignee', name: 'Tihama Feed Company' },
  rsgl: { role: 'shipmentManager', name: 'Red Sea Grain Logistics' },
  abss: { role: 'shipmentManager', name: 'Al Bahr Shipping Services' },
  bakeries: { role: 'customer', name: 'Makkah Bakeries Cooperative' },
} as const satisfies Record<string, FlowOwner>;

/** The BLs and LCs of the demo season the cases load. */
export const demo = {
  amcBl: 'MEDU4417286',
  amcLc: 'LC-NCB-2026-0412',
  hfmBl: 'MEDU4417294',
  hfmLc: 'LC-SNB-2026-0377',
  tfcBl: 'MEDU4417308',
  tfcLc: 'LC-RJHI-2026-0529',
} as const;
