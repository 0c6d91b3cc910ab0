import type { TResourceRow } from '@tonnage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../test/fixtures';
import { createDemoTestApp, type TestApp } from '../test/harness';
import { seedFirstRun } from './first-run';

let t: TestApp;
beforeAll(async () => {
  t = await createDemoTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demo master data', () => {
  it('gives the demo agency Red Sea ports with berths, cargo types, destinations, companies, drivers and trucks, once', async () => {
    const token = await loginAs(t.app, 'demo.admin', 'Demo#Pass1');
    const list = async (key: string, query = '') => {
      const response = await t.app.inject({ method: 'GET', url: `/api/${key}?limit=100${query}`, headers: bearer(token) });
      expect(response.statusCode, `${key}: ${response.body}`).toBe(200);
      return response.json<{ rows: TResourceRow[]; count: number }>();
    };
    expect((await list('port')).rows.map((r) => r.name)).toEqual(['Jeddah Islamic Port', 'King Abdullah Port', 'Yanbu Commercial Port']);
    const berths = await list('berth', '&search=KAP');
    expect(berths.rows.map((r) => r.portIdName)).toEqual(['King Abdullah Port', 'King Abdullah Port']);
    expect((await list('cargoType')).rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Wheat', 'Barley', 'Corn', 'Soybean meal']));
    const trucks = await list('truck');
    expect(trucks.count).toBeGreaterThanOrEqual(3);
    expect(trucks.rows.every((r) => typeof r.transporterIdName === 'string')).toBe(true);
    const transporters = (await list('transporter')).rows.map((r) => r.name);
    expect(transporters).toEqual(expect.arrayContaining(['Al Safwa Transport', 'Najd Haulage Company']));
    expect((await list('driver')).rows.every((r) => transporters.includes(String(r.transporterIdName)))).toBe(true);
    expect((await list('shipmentManager')).count).toBeGreaterThanOrEqual(2);
    const consignees = await list('consignee');
    expect(consignees.rows.filter((r) => r.shipmentManagerIdName === 'Red Sea Grain Logistics').map((r) => r.name)).toEqual(['Arabian Milling Company', 'Hejaz Flour Mills']);
    expect((await list('customer')).rows.map((r) => r.name)).not.toContain('Arabian Milling Company');
    expect((await list('destination')).count).toBeGreaterThanOrEqual(3);
    const warehouses = await list('warehouse');
    expect(warehouses.rows.map((r) => [r.name, r.storageType])).toEqual([
      ['Jeddah Grain Terminal', 'both'],
      ['KAP Silo Complex', 'silo'],
      ['Yanbu Open Yard', 'openArea'],
    ]);
    const silos = await list('silo', '&sortBy=warehouseId');
    expect(new Set(silos.rows.map((r) => r.warehouseIdName))).toEqual(new Set(['Jeddah Grain Terminal', 'KAP Silo Complex']));
    expect(silos.count).toBe(6);
    const sites = await list('deliveryLocation');
    expect(sites.rows.find((r) => r.name === 'AMC Riyadh Mill')?.consigneeIdName).toBe('Arabian Milling Company');
    expect(sites.rows.find((r) => r.name === 'Makkah Central Bakery Store')?.customerIdName).toBe('Makkah Bakeries Cooperative');
    expect((await list('vessel')).rows.map((r) => r.imoNumber)).toHaveLength(3);
    const machines = await list('weightMachine');
    expect(machines.rows.map((r) => r.weightMachineId)).toEqual(['WB-JGT-01', 'WB-JGT-02', 'WB-KAP-01', 'WB-YNB-01']);
    expect((await list('hikConnect')).count).toBe(3);
    expect((await list('truckRule')).rows.map((r) => r.ruleType).sort()).toEqual(['block', 'maxTripsPerDay']);
    expect((await list('driverRule')).rows.map((r) => r.ruleType)).toEqual(['requireValidLicence']);
    expect((await list('handlingLossRule')).count).toBe(3);
    expect((await list('cargoControlRule')).rows.map((r) => r.locationIdName)).toEqual(['Yanbu Open Yard']);
    const managers = await list('shipmentManager');
    expect(managers.rows.find((r) => r.name === 'Red Sea Grain Logistics')?.adminName).toBe('Faisal Al-Harbi');
    const again = await seedFirstRun(t.database.db, { config: t.config, clock: t.clock, log: () => undefined });
    expect(again.demoCreated).toBe(false);
    expect((await list('port')).count).toBe(3);
  });
});
