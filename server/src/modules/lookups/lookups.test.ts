import { ZCityList, ZCountryList, ZLookups, ZTimezoneList, type TCityList, type TCountryList, type TLookups, type TTimezoneList } from '@tonnage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../identity/sessions.service';
import { bearer, makeAgency, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { CompanyTypeId } from './lookups.data';
import { countryOfCity, listCities, listCountries } from './lookups.service';

let t: TestApp;
let token = '';

const get = (url: string, auth = true) => t.app.inject({ method: 'GET', url, headers: auth ? bearer(token) : {} });

beforeAll(async () => {
  t = await createTestApp();
  const agency = await makeAgency(t.database.db);
  // A plain agency user without any permission: lookups need only a session.
  const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId: agency.id });
  token = (await createSession(t.database.db, { userId: user.id, rememberMe: false, lifetimeSeconds: 3 * 365 * 86400, now: t.clock.now() })).token;
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/lookups', () => {
  it('needs a session', async () => {
    for (const url of ['/api/lookups', '/api/lookups/countries', '/api/lookups/countries/682/cities', '/api/lookups/timezones']) {
      expect((await get(url, false)).statusCode).toBe(401);
    }
  });

  it('answers the fixed tables with stable ids and Saudi Arabia as the default country', async () => {
    const response = await get('/api/lookups');
    expect(response.statusCode).toBe(200);
    const body = ZLookups.parse(response.json<TLookups>());
    expect(body.companyTypes.rows.map((r) => [r.id, r.key])).toEqual([
      [1, 'transporter'],
      [2, 'buyer'],
      [3, 'consignee'],
      [4, 'seller'],
      [5, 'shipmentManager'],
      [6, 'customer'],
      [7, 'supplier'],
    ]);
    expect(CompanyTypeId.shipmentManager).toBe(5);
    expect(body.transactionTypes.rows.map((r) => r.key)).toEqual(['L', 'LR', 'sale']);
    expect(body.locationTypes.rows.map((r) => r.key)).toEqual(['PORT', 'WAREHOUSE', 'DD', 'CD']);
    expect(body.vesselTypes.rows.map((r) => r.key)).toEqual(expect.arrayContaining(['bulkCarrier', 'handysize', 'handymax', 'panamax', 'capesize', 'generalCargo']));
    expect(body.consigneeTypes.rows.length).toBeGreaterThan(0);
    for (const table of [body.companyTypes, body.vesselTypes, body.consigneeTypes, body.transactionTypes, body.locationTypes]) {
      const ids = table.rows.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const row of table.rows) {
        expect(row.name.length).toBeGreaterThan(0);
        expect(row.nameAr).toMatch(/[\u0600-\u06FF]/);
      }
    }
    expect(body.defaultCountry).toEqual({ id: 682, code: 'SA', name: 'Saudi Arabia', nameAr: 'السعودية' });
  });
});

describe('countries and cities', () => {
  it('lists every country once, id = ISO numeric code, with English and Arabic names, ordered by name', async () => {
    const response = await get('/api/lookups/countries');
    expect(response.statusCode).toBe(200);
    const { rows } = ZCountryList.parse(response.json<TCountryList>());
    expect(rows.length).toBeGreaterThanOrEqual(249);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.code).toMatch(/^[A-Z]{2}$/);
      expect(row.nameAr).toMatch(/[\u0600-\u06FF]/);
    }
    const names = rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const emirates = rows.find((r) => r.id === 784);
    expect(emirates).toMatchObject({ code: 'AE', name: 'United Arab Emirates' });
    expect(emirates?.nameAr).toMatch(/الإمارات/);
  });

  it('lists the cities of one country, ordered by name, each of that country', async () => {
    const response = await get('/api/lookups/countries/682/cities');
    expect(response.statusCode).toBe(200);
    const { rows } = ZCityList.parse(response.json<TCityList>());
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Riyadh', 'Jeddah', 'Dammam', 'Mecca']));
    expect(rows.find((r) => r.name === 'Riyadh')?.id).toBe(108410);
    expect(new Set(rows.map((r) => r.countryId))).toEqual(new Set([682]));
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const names = rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));

    const emirates = ZCityList.parse((await get('/api/lookups/countries/784/cities')).json<TCityList>()).rows;
    expect(emirates.map((r) => r.name)).toContain('Dubai');
    expect(emirates.map((r) => r.id)).not.toContain(108410);
  });

  it('answers 404 for an unknown country and 400 for a malformed id', async () => {
    const unknown = await get('/api/lookups/countries/999/cities');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Country not found', code: 'NOT_FOUND' });
    expect((await get('/api/lookups/countries/abc/cities')).statusCode).toBe(400);
  });

  it('indexes every city under the country it belongs to', () => {
    let total = 0;
    const misplaced: number[] = [];
    for (const country of listCountries()) {
      for (const city of listCities(country.id) ?? []) {
        if (city.countryId !== country.id || countryOfCity(city.id) !== country.id) misplaced.push(city.id);
        total += 1;
      }
    }
    expect(misplaced).toEqual([]);
    expect(total).toBeGreaterThan(100_000);
    expect(countryOfCity(1)).toBeUndefined();
  });
});

describe('GET /api/lookups/timezones', () => {
  it('lists the runtime zones with their offset now, ordered by offset then name', async () => {
    const response = await get('/api/lookups/timezones');
    expect(response.statusCode).toBe(200);
    const { rows } = ZTimezoneList.parse(response.json<TTimezoneList>());
    expect(rows.length).toBeGreaterThan(300);
    expect(rows).toContainEqual({ value: 'Asia/Riyadh', label: '(UTC+03:00) Asia/Riyadh', offsetMinutes: 180 });
    expect(rows).toContainEqual({ value: 'Asia/Tehran', label: '(UTC+03:30) Asia/Tehran', offsetMinutes: 210 });
    expect(rows).toContainEqual({ value: 'UTC', label: '(UTC+00:00) UTC', offsetMinutes: 0 });
    // The test clock stands in November: New York is on standard time.
    expect(rows.find((r) => r.value === 'America/New_York')?.offsetMinutes).toBe(-300);
    const offsets = rows.map((r) => r.offsetMinutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  it('follows daylight saving time as the clock moves', async () => {
    t.clock.set(new Date('2027-07-01T12:00:00Z'));
    const { rows } = (await get('/api/lookups/timezones')).json<TTimezoneList>();
    expect(rows.find((r) => r.value === 'America/New_York')).toEqual({ value: 'America/New_York', label: '(UTC-04:00) America/New_York', offsetMinutes: -240 });
  });
});
