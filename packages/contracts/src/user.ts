import { z } from 'zod';
import { recordId } from './ids';
import { textInput } from './text';
import { Messages } from './errors';

export const UserKind = {
  superAdmin: 'superAdmin',
  agencyAdmin: 'agencyAdmin',
  agencyUser: 'agencyUser',
  companyAdmin: 'companyAdmin',
} as const;
export type UserKind = (typeof UserKind)[keyof typeof UserKind];

/** A user as the API returns it (never with a password hash). */
export const ZUser = z.object({
  id: z.number().int(),
  agencyId: z.number().int().nullable(),
  username: z.string(),
  kind: z.enum(['superAdmin', 'agencyAdmin', 'agencyUser', 'companyAdmin']),
  firstName: z.string(),
  lastName: z.string().nullable(),
  initials: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  residenceCountryId: z.number().int().nullable(),
  cityId: z.number().int().nullable(),
  originCountryId: z.number().int().nullable(),
  idNumber: z.string().nullable(),
  profilePic: z.string().nullable(),
  passwordResetAt: z.string().nullable(),
  companyId: z.number().int().nullable(),
  roleId: z.number().int().nullable(),
  shipmentManagerIds: z.array(z.number().int()),
  consigneeIds: z.array(z.number().int()),
  locationIds: z.array(z.number().int()),
  isActive: z.boolean(),
});
export type TUser = z.infer<typeof ZUser>;

/** `GET /api/user-context`: the signed-in user with everything the web needs to decide what to show. */
export const ZUserContext = z.object({
  user: ZUser,
  permissions: z.array(z.string()),
  isSuperAdmin: z.boolean(),
  isAgencyAdmin: z.boolean(),
  isAgencyUser: z.boolean(),
  isCompanyAdmin: z.boolean(),
  company: z.object({ id: z.number().int(), name: z.string(), isShipmentManager: z.boolean() }).nullable(),
  agency: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable(), isActive: z.boolean() }).nullable(),
  /** Base address under which stored files are served (spec: s3Url). */
  s3Url: z.string(),
  /** True when a non-super-admin must set a new password now (spec section 4, forced reset). */
  passwordResetDue: z.boolean(),
  /** What part of the agency's data this user sees (spec section 6); null lists are unrestricted. */
  dataScope: z.object({
    shipmentManagerIds: z.array(z.number().int()).nullable(),
    consigneeIds: z.array(z.number().int()).nullable(),
    locationIds: z.array(z.number().int()).nullable(),
  }),
});
export type TUserContext = z.infer<typeof ZUserContext>;

const optionalText = (max: number) =>
  textInput()
    .trim()
    .max(max, `Maximum ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** `PUT /api/users/profile`: the User Details form of the profile page (spec sections 2.11 and 5). */
export const ZProfileBody = z.object({
  id: z.number().int().optional(),
  firstName: textInput({ error: Messages.firstNameRequired }).trim().min(1, Messages.firstNameRequired).max(20, 'Maximum 20 characters'),
  lastName: optionalText(20),
  initials: optionalText(20),
  phone: optionalText(20),
  idNumber: optionalText(20),
  email: textInput({ error: 'Please input email!' }).trim().min(1, 'Please input email!').max(50, 'Maximum 50 characters').email('Please enter a valid email!'),
  address: optionalText(255),
  residenceCountryId: recordId().nullish(),
  cityId: recordId().nullish(),
  originCountryId: recordId().nullish(),
  profilePic: textInput().max(500).nullish(),
});
export type TProfileBody = z.input<typeof ZProfileBody>;
