import { ZApiError, ZCityList, ZCountryList, ZLookups, ZTimezoneList, ZIdParams } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../module-context';
import { access } from '../../identity/access';
import { notFound } from '../../platform/errors';
import { getLookups, listCities, listCountries, listTimezones } from './lookups.service';

const tags = ['lookups'];
const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };
/** Countries and cities change only with a package upgrade; browsers may keep them for a day. */
const STATIC_CACHE = 'private, max-age=86400';

/** Lookups every signed-in screen may load (spec section 7): fixed tables, countries, cities, timezones. */
export function registerLookupRoutes(instance: FastifyInstance, context: ModuleContext): void {
  const api = instance.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/lookups',
    { config: { access: access.account() }, schema: { tags, summary: 'Fixed lookup tables and the default country', response: { 200: ZLookups, ...errors } } },
    () => getLookups(),
  );

  api.get(
    '/lookups/countries',
    {
      config: { access: access.account() },
      schema: { tags, summary: 'Countries (id: ISO 3166-1 numeric) with English and Arabic names', response: { 200: ZCountryList, ...errors } },
    },
    (_request, reply) => {
      void reply.header('cache-control', STATIC_CACHE);
      return { rows: listCountries() };
    },
  );

  api.get(
    '/lookups/countries/:id/cities',
    {
      config: { access: access.account() },
      schema: {
        tags,
        summary: 'Cities of a country (GeoNames ids), ordered by name',
        params: ZIdParams,
        response: { 200: ZCityList, ...errors },
      },
    },
    (request, reply) => {
      const rows = listCities(request.params.id);
      if (!rows) throw notFound('Country not found');
      void reply.header('cache-control', STATIC_CACHE);
      return { rows };
    },
  );

  api.get(
    '/lookups/timezones',
    {
      config: { access: access.account() },
      schema: { tags, summary: 'IANA timezones with their current UTC offset', response: { 200: ZTimezoneList, ...errors } },
    },
    () => ({ rows: listTimezones(context.clock.now()) }),
  );
}
