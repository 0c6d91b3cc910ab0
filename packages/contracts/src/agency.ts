import { z } from 'zod';
import { textInput } from './text';

export const ZAgency = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  timezone: z.string(),
  countryCode: z.string().nullable(),
  address: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAgency = z.infer<typeof ZAgency>;

const optional = (max: number) =>
  textInput()
    .trim()
    .max(max, `Maximum ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** The one form shared by `/agencies/add` and `/agencies/{id}/edit`. */
export const ZAgencyInput = z.object({
  name: textInput({ error: 'Please input agency name!' }).trim().min(1, 'Please input agency name!').max(100, 'Maximum 100 characters'),
  logo: textInput().max(500).nullish().transform((v) => v ?? null),
  timezone: z
    .string({ error: 'Please select a timezone!' })
    .min(1, 'Please select a timezone!')
    .refine(isValidTimezone, 'Please select a valid timezone!'),
  countryCode: textInput()
    .regex(/^[A-Z]{2}$/, 'Please select a valid country!')
    .nullish()
    .transform((v) => v ?? null),
  address: optional(255),
  contactName: optional(100),
  contactEmail: textInput()
    .trim()
    .max(100, 'Maximum 100 characters')
    .email('Please enter a valid email!')
    .or(z.literal(''))
    .nullish()
    .transform((v) => (v ? v : null)),
  contactPhone: optional(30),
});
export type TAgencyInput = z.input<typeof ZAgencyInput>;

export const ZAgencyListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: textInput().trim().max(100).optional(),
  status: z.enum(['active', 'inactive', 'all']).default('all'),
});
export type TAgencyListQuery = z.input<typeof ZAgencyListQuery>;

export const ZAgencyList = z.object({ rows: z.array(ZAgency), count: z.number().int() });
export type TAgencyList = z.infer<typeof ZAgencyList>;

/** `PUT /api/agencies/{id}/toggle-status`: the agency after the flip and the spec's success message (section 8). */
export const ZAgencyToggleResponse = z.object({ agency: ZAgency, message: z.string() });
export type TAgencyToggleResponse = z.infer<typeof ZAgencyToggleResponse>;

/** `GET /api/agencies/{id}/agencyData` (spec section 3). Later issues fill Locations, Cargo and Companies. */
/**
 * A location of agency data (spec 3): a warehouse (locationKindId 1) or a consignee's or customer's delivery
 * location (2), its storage type id (1 silo, 2 open area, 3 both), owner, silos, and the shipment managers of its
 * consignee (what the pickers filter by).
 */
export const ZAgencyLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  locationKindId: z.number().int(),
  storageTypeId: z.number().int(),
  customerId: z.number().int().nullable(),
  consigneeId: z.number().int().nullable(),
  Silo: z.array(z.object({ id: z.number().int(), name: z.string(), capacity: z.number() })),
  shipmentManagerIds: z.array(z.number().int()),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type TAgencyLocation = z.infer<typeof ZAgencyLocation>;

/** A company of agency data (spec 3): its type, its admin user and, for a consignee, its shipment manager. */
export const ZAgencyCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  companyTypeId: z.number().int(),
  CompanyType: z.object({ id: z.number().int(), name: z.string() }),
  adminId: z.number().int().nullable(),
  ShipmentManagerId: z.number().int().nullable(),
});
export type TAgencyCompany = z.infer<typeof ZAgencyCompany>;

/** What the web loads for a selected agency: active locations, cargo types and companies the user may see. */
export const ZAgencyData = z.object({
  agency: ZAgency,
  Locations: z.array(ZAgencyLocation),
  Cargo: z.array(z.object({ id: z.number().int(), name: z.string() })),
  Companies: z.array(ZAgencyCompany),
  Timezone: z.array(z.string()),
});
export type TAgencyData = z.infer<typeof ZAgencyData>;

/** True for an IANA timezone name the runtime knows. */
export function isValidTimezone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
