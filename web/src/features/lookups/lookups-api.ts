import { useQuery } from '@tanstack/react-query';
import { ZCityList, ZCountryList, ZLookups, type Language, type TCity, type TCountry } from '@tonnage/contracts';
import { api } from '../../app/api';

export const lookupKeys = {
  all: ['lookups'] as const,
  countries: ['lookups', 'countries'] as const,
  cities: (countryId: number) => ['lookups', 'cities', countryId] as const,
};

/** Lookups change only with a deployment. */
const LOOKUP_STALE_MS = 60 * 60 * 1000;

/** `GET /api/lookups`: company types, vessel types, default country, ... (spec section 7). */
export function useLookups() {
  return useQuery({ queryKey: lookupKeys.all, queryFn: () => api('/api/lookups', { schema: ZLookups }), staleTime: LOOKUP_STALE_MS });
}

export function useCountries() {
  return useQuery({
    queryKey: lookupKeys.countries,
    queryFn: async () => (await api('/api/lookups/countries', { schema: ZCountryList }))?.rows ?? null,
    staleTime: LOOKUP_STALE_MS,
  });
}

/** The cities of one country; nothing is asked while no country is chosen. */
export function useCities(countryId: number | null | undefined) {
  return useQuery({
    queryKey: lookupKeys.cities(countryId ?? 0),
    queryFn: async () => (await api(`/api/lookups/countries/${countryId ?? 0}/cities`, { schema: ZCityList }))?.rows ?? null,
    enabled: typeof countryId === 'number',
    staleTime: LOOKUP_STALE_MS,
  });
}

/** A country's name in the current language: Arabic names in Arabic, English names otherwise. */
export function countryName(country: TCountry, language: Language): string {
  return language === 'ar' && country.nameAr ? country.nameAr : country.name;
}

export interface IdOption {
  value: number;
  label: string;
}

/** Countries as select options, named and sorted in the current language. */
export function countrySelectOptions(countries: readonly TCountry[], language: Language): IdOption[] {
  const collator = new Intl.Collator(language);
  return countries.map((country) => ({ value: country.id, label: countryName(country, language) })).sort((a, b) => collator.compare(a.label, b.label));
}

export function citySelectOptions(cities: readonly TCity[], language: Language): IdOption[] {
  const collator = new Intl.Collator(language);
  return cities.map((city) => ({ value: city.id, label: city.name })).sort((a, b) => collator.compare(a.label, b.label));
}
