import { z } from 'zod';
import { ZRecordIdText, recordIdList, recordIdText } from './ids';
import { textInput } from './text';
import { SEARCH_MIN_CHARS } from './constants';

/**
 * The location pickers' calls (spec sections 3 and 7): warehouses and delivery locations, their silos and weight
 * machines, as the web's selectors load them. Every list holds active rows the user may see (spec 6, location
 * access), is answered by the database and is capped by a limit; `count` is the number of matches before the cap.
 */

/** The web drops empty filters before calling (spec 5); an empty value that slips through means "no filter". */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalId = z.preprocess(emptyToUndefined, ZRecordIdText.optional());
const limit = (fallback: number, max: number) => z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(max).default(fallback));

/** Picker search: a case-insensitive part of the name, ignored unless longer than 2 characters (spec 5). */
const pickerSearch = textInput()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v !== undefined && v.length > SEARCH_MIN_CHARS ? v : undefined));

/** `1,2,3`: at most 500 positive ids. */
const idList = recordIdList('ids must be a comma-separated list of at most 500 positive ids');

/**
 * Which locations by storage: 1 with silos (silo or both), 2 without silo, i.e. with open area (open area or both),
 * 3 any; `storageLocations` is the weight display's terminal list: warehouses, each with its weight machines.
 */
export const ZStorageTypeFilter = z
  .enum(['1', '2', '3', 'storageLocations'])
  .transform((value) => (value === 'storageLocations' ? value : (Number(value) as 1 | 2 | 3)));
export type TStorageTypeFilter = z.output<typeof ZStorageTypeFilter>;

/**
 * `GET /api/locations`. Delivery locations belong to a consignee or a customer; the warehouse pickers hide them
 * (spec 6) unless `includeOwned=true`, `kind=deliveryLocation`, or an owner (consigneeId, customerId) is asked for.
 */
export const ZLocationListQuery = z.object({
  kind: z.preprocess(emptyToUndefined, z.enum(['warehouse', 'deliveryLocation', 'all']).default('all')),
  storageType: z.preprocess(emptyToUndefined, ZStorageTypeFilter.optional()),
  consigneeId: optionalId,
  customerId: optionalId,
  includeOwned: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()).transform((v) => v === 'true'),
  ids: z.preprocess(emptyToUndefined, idList.optional()),
  search: pickerSearch,
  limit: limit(100, 500),
});
export type TLocationListQuery = z.input<typeof ZLocationListQuery>;

/** A weight machine of a location: its row id and the device serial the live display registers. */
export const ZLocationWeightMachine = z.object({ id: z.number().int(), weightMachineId: z.string(), name: z.string().nullable() });
export type TLocationWeightMachine = z.infer<typeof ZLocationWeightMachine>;

/**
 * A location in a picker (spec 3: id, name, consigneeId, locationId, locationName). `locationKindId` 1 warehouse,
 * 2 delivery location; `storageTypeId` 1 silo, 2 open area, 3 both. `WeightMachine` only with
 * `storageType=storageLocations`.
 */
export const ZLocationOption = z.object({
  id: z.number().int(),
  name: z.string(),
  locationKindId: z.number().int(),
  storageTypeId: z.number().int(),
  consigneeId: z.number().int().nullable(),
  customerId: z.number().int().nullable(),
  locationId: z.number().int(),
  locationName: z.string(),
  WeightMachine: z.array(ZLocationWeightMachine).optional(),
});
export type TLocationOption = z.infer<typeof ZLocationOption>;

export const ZLocationList = z.object({ rows: z.array(ZLocationOption), count: z.number().int() });
export type TLocationList = z.infer<typeof ZLocationList>;

/** `GET /api/locations/{id}`: one location with its active silos and weight machines. */
export const ZLocationDetail = ZLocationOption.omit({ WeightMachine: true }).extend({
  code: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  Silo: z.array(z.object({ id: z.number().int(), name: z.string(), capacity: z.number() })),
  WeightMachine: z.array(ZLocationWeightMachine),
});
export type TLocationDetail = z.infer<typeof ZLocationDetail>;

/** `GET /api/locations/silo-locations`: silos, of one location or of every location the user may see. */
export const ZSiloLocationQuery = z.object({ locationId: optionalId, limit: limit(500, 1000) });
export type TSiloLocationQuery = z.input<typeof ZSiloLocationQuery>;

/** A silo in a picker (spec 3: id, name, locationName, consigneeId), with its location and capacity in MT. */
export const ZSiloLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  consigneeId: z.number().int().nullable(),
  capacity: z.number(),
});
export type TSiloLocation = z.infer<typeof ZSiloLocation>;

export const ZSiloLocationList = z.object({ rows: z.array(ZSiloLocation), count: z.number().int() });
export type TSiloLocationList = z.infer<typeof ZSiloLocationList>;

/** `GET /api/weightMachine/location`: the active weight machines of one location (the weight display dialog). */
export const ZWeightMachineLocationQuery = z.object({
  locationId: recordIdText('Please select a location!'),
  limit: limit(100, 500),
});
export type TWeightMachineLocationQuery = z.input<typeof ZWeightMachineLocationQuery>;

export const ZLocationWeightMachineList = z.object({ rows: z.array(ZLocationWeightMachine), count: z.number().int() });
export type TLocationWeightMachineList = z.infer<typeof ZLocationWeightMachineList>;
