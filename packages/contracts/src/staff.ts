import { z } from 'zod';
import { ZRecordIdText, recordId } from './ids';
import { textInput } from './text';
import { PAGE_SIZES } from './constants';
import { Messages } from './errors';
import { ALL_PERMISSION_FLAGS, permissionFlag } from './permissions';
import { ZUser } from './user';
import { PAGING_KEYS, ZExportLang } from './list-query';

const pageSize = z.coerce
  .number()
  .int()
  .refine((v) => (PAGE_SIZES as readonly number[]).includes(v), 'Page size must be one of 20, 30, 40, 50, 100')
  .default(20);

/** Paging and sorting every list takes (spec section 9: first page 1, sizes 20-100). */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: pageSize,
  /** Searches start after more than 2 typed characters; shorter searches are ignored (spec section 9). */
  search: textInput().trim().max(100).optional(),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});

const optionalText = (max: number) =>
  textInput()
    .trim()
    .max(max, `Maximum ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
const ids = z.array(recordId()).max(500).default([]);

// ---------------------------------------------------------------- users

export const ZUserListQuery = ZPageQuery.extend({
  kind: z.enum(['agencyAdmin', 'agencyUser', 'companyAdmin']).optional(),
  status: z.enum(['active', 'inactive', 'all']).default('all'),
  roleId: ZRecordIdText.optional(),
  sortBy: z.enum(['firstName', 'username', 'email', 'createdAt']).default('firstName'),
});
export type TUserListQuery = z.input<typeof ZUserListQuery>;
/** `users/export.xlsx` (and `POST users/export`): the list's filters and sort, no paging, and the headers' language. */
export const ZUserExportQuery = ZUserListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

export const ZUserListItem = ZUser.extend({ roleName: z.string().nullable(), createdAt: z.string() });
export type TUserListItem = z.infer<typeof ZUserListItem>;
export const ZUserList = z.object({ rows: z.array(ZUserListItem), count: z.number().int() });
export type TUserList = z.infer<typeof ZUserList>;
/** `PUT /api/users/{id}/toggle-status`: the user after the change and the message to show. */
export const ZUserToggleResponse = z.object({ user: ZUserListItem, message: z.string() });
export type TUserToggleResponse = z.infer<typeof ZUserToggleResponse>;

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,50}$/;

/**
 * The user form of spec section 5 ("User form"), used for `POST /api/users/` and `PUT /api/users/{id}`.
 * On create, `password` is the first password; the user must choose a new one at first sign-in.
 */
export const ZUserInput = z
  .object({
    username: z
      .string({ error: 'Please input username!' })
      .trim()
      .regex(USERNAME_PATTERN, 'Username must be 3 to 50 letters, digits, dots, dashes or underscores.'),
    email: textInput({ error: 'Please input email!' }).trim().min(1, 'Please input email!').max(50, 'Maximum 50 characters').email('Please enter a valid email!'),
    firstName: textInput({ error: Messages.firstNameRequired }).trim().min(1, Messages.firstNameRequired).max(20, 'Maximum 20 characters'),
    lastName: optionalText(20),
    initials: optionalText(20),
    phone: optionalText(20),
    idNumber: optionalText(20),
    address: optionalText(255),
    residenceCountryId: recordId().nullish().transform((v) => v ?? null),
    cityId: recordId().nullish().transform((v) => v ?? null),
    originCountryId: recordId().nullish().transform((v) => v ?? null),
    kind: z.enum(['agencyAdmin', 'agencyUser', 'companyAdmin'], { error: 'Please select the user type!' }),
    companyId: recordId().nullish().transform((v) => v ?? null),
    roleId: recordId().nullish().transform((v) => v ?? null),
    shipmentManagerIds: ids,
    consigneeIds: ids,
    locationIds: ids,
    isActive: z.boolean().default(true),
    password: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'companyAdmin' && value.companyId === null) {
      ctx.addIssue({ code: 'custom', path: ['companyId'], message: 'Please select the company!' });
    }
    if (value.kind === 'agencyUser' && value.roleId === null) {
      ctx.addIssue({ code: 'custom', path: ['roleId'], message: 'Please select a role!' });
    }
    if (value.cityId !== null && value.residenceCountryId === null) {
      ctx.addIssue({ code: 'custom', path: ['cityId'], message: 'Please select the country first!' });
    }
  });
export type TUserInput = z.input<typeof ZUserInput>;

// ---------------------------------------------------------------- roles

export const ZRole = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.string()),
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRole = z.infer<typeof ZRole>;
export const ZRoleList = z.object({ rows: z.array(ZRole), count: z.number().int() });
export type TRoleList = z.infer<typeof ZRoleList>;
export const ZRoleListQuery = ZPageQuery.extend({ limit: pageSize.default(100) });

export const ZRoleInput = z.object({
  name: textInput({ error: 'Please input role name!' }).trim().min(1, 'Please input role name!').max(50, 'Maximum 50 characters'),
});
export type TRoleInput = z.input<typeof ZRoleInput>;

export const ZRolePermissionsInput = z.object({
  permissions: z
    .array(z.string())
    .max(2000)
    .refine((flags) => flags.every((flag) => ALL_PERMISSION_FLAGS.has(flag)), 'Unknown permission in the list.')
    .transform((flags) => [...new Set(flags)].sort()),
});
export type TRolePermissionsInput = z.input<typeof ZRolePermissionsInput>;

// ---------------------------------------------------------------- lookups

export const ZLookupRow = z.object({ id: z.number().int(), key: z.string(), name: z.string(), nameAr: z.string() });
export type TLookupRow = z.infer<typeof ZLookupRow>;
const lookupRows = z.object({ rows: z.array(ZLookupRow) });

export const ZCountry = z.object({ id: z.number().int(), code: z.string(), name: z.string(), nameAr: z.string() });
export type TCountry = z.infer<typeof ZCountry>;
export const ZCity = z.object({ id: z.number().int(), countryId: z.number().int(), name: z.string() });
export type TCity = z.infer<typeof ZCity>;
export const ZTimezone = z.object({ value: z.string(), label: z.string(), offsetMinutes: z.number().int() });
export type TTimezone = z.infer<typeof ZTimezone>;
/** `GET /api/lookups/countries`, `/api/lookups/countries/{id}/cities`, `/api/lookups/timezones`. */
export const ZCountryList = z.object({ rows: z.array(ZCountry) });
export type TCountryList = z.infer<typeof ZCountryList>;
export const ZCityList = z.object({ rows: z.array(ZCity) });
export type TCityList = z.infer<typeof ZCityList>;
export const ZTimezoneList = z.object({ rows: z.array(ZTimezone) });
export type TTimezoneList = z.infer<typeof ZTimezoneList>;

/** `GET /api/lookups` (spec sections 3 and 7). */
export const ZLookups = z.object({
  companyTypes: lookupRows,
  vesselTypes: lookupRows,
  consigneeTypes: lookupRows,
  transactionTypes: lookupRows,
  locationTypes: lookupRows,
  defaultCountry: ZCountry,
});
export type TLookups = z.infer<typeof ZLookups>;

// ---------------------------------------------------------------- approval rules

/** Kinds of transaction that go through an approval rule; later issues add theirs here. */
export const APPROVAL_KINDS = ['voyageApproval', 'vesselQuantityApproval', 'handlingLoss', 'handlingExcess', 'ownershipTransfer', 'swapCargo'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * The permission an approver of each kind must hold (agency admins hold every one). Kinds whose screens have no
 * approve action yet (null) need only an active user of the agency.
 */
export const APPROVAL_KIND_APPROVE_PERMISSION: Readonly<Record<ApprovalKind, string | null>> = {
  voyageApproval: permissionFlag('ApprovalVessel', 'approve'),
  vesselQuantityApproval: permissionFlag('VesselQuantityApproval', 'approve'),
  handlingLoss: null,
  handlingExcess: null,
  ownershipTransfer: null,
  swapCargo: null,
};

/** Messages of the approval rules, the approval engine and the approvals inbox. */
export const ApprovalMessages = {
  kindRequired: 'Please select the transaction type!',
  approversRequired: 'Please add at least one approver!',
  approversMax: 'At most 10 approvers.',
  approverTwice: 'An approver can appear only once.',
  orderTwice: 'Two approvers cannot share an order.',
  unknownKind: 'Unknown transaction type.',
  kindMismatch: 'The transaction type does not match the address.',
  ruleNotFound: 'No approval rule is set for this transaction type.',
  ruleRemoved: 'Approval rule removed.',
  approverNotInAgency: 'Please choose an active user of this agency.',
  approverCannotApprove: 'This user does not have the approve permission of this transaction type.',
  approverInactive: 'An approver of this approval rule is no longer active or no longer holds the approve permission; please update the rule.',
  alreadyStarted: 'The approval of this transaction has already started.',
  noApprovalUnderWay: 'This transaction has no approval under way.',
  alreadyDecided: 'This transaction has already been decided.',
  notCurrentApprover: 'You are not the current approver of this transaction.',
  commentTooLong: 'Maximum 1000 characters',
} as const;

export const ZApprover = z.object({ order: z.number().int().min(1), userId: recordId() });
export const ZApprovalRule = z.object({
  id: z.number().int(),
  kind: z.enum(APPROVAL_KINDS),
  approvers: z.array(ZApprover.extend({ userName: z.string() })),
  updatedAt: z.string(),
});
export type TApprovalRule = z.infer<typeof ZApprovalRule>;
export const ZApprovalRuleInput = z.object({
  kind: z.enum(APPROVAL_KINDS, { error: ApprovalMessages.kindRequired }),
  approvers: z
    .array(ZApprover)
    .min(1, ApprovalMessages.approversRequired)
    .max(10, ApprovalMessages.approversMax)
    .refine((list) => new Set(list.map((a) => a.userId)).size === list.length, ApprovalMessages.approverTwice)
    .refine((list) => new Set(list.map((a) => a.order)).size === list.length, ApprovalMessages.orderTwice),
});
export type TApprovalRuleInput = z.input<typeof ZApprovalRuleInput>;

/** Where one transaction stands in its approval (spec section 4, Approval). */
export const ZApprovalState = z.object({
  status: z.enum(APPROVAL_STATUSES),
  steps: z.array(
    z.object({
      order: z.number().int(),
      userId: z.number().int(),
      userName: z.string(),
      status: z.enum(APPROVAL_STATUSES),
      decidedAt: z.string().nullable(),
      comment: z.string().nullable(),
    }),
  ),
  nextApproverId: z.number().int().nullable(),
  isCurrentApprover: z.boolean(),
  /** The next approver can no longer approve (deactivated, or lost the approve permission): the approval is stuck. */
  nextApproverBlocked: z.boolean(),
  /** The reader is an agency admin (or super admin) who may decide in place of a blocked next approver. */
  mayStandIn: z.boolean(),
});
export type TApprovalState = z.infer<typeof ZApprovalState>;

/** `GET /api/approvals/inbox`: paging of the signed-in user's approvals inbox. */
export const ZApprovalInboxQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type TApprovalInboxQuery = z.input<typeof ZApprovalInboxQuery>;

/** The inbox's kinds: the out-turns of a voyage and of a BL, the handling losses and excesses above their allowance. */
export const INBOX_KINDS = ['voyageApproval', 'vesselQuantityApproval', 'handlingLoss', 'handlingExcess'] as const satisfies readonly ApprovalKind[];
export type InboxKind = (typeof INBOX_KINDS)[number];

/**
 * The flag that lists a kind in the reader's inbox (and shows the inbox at all): the approve flag of the out-turns;
 * a handling record's list view flag, which is all its decision route asks (who decides is the approval rule's).
 */
export const INBOX_KIND_PERMISSION: Readonly<Record<InboxKind, string>> = {
  voyageApproval: permissionFlag('ApprovalVessel', 'approve'),
  vesselQuantityApproval: permissionFlag('VesselQuantityApproval', 'approve'),
  handlingLoss: permissionFlag('HandlingLoss', 'view'),
  handlingExcess: permissionFlag('HandlingExcess', 'view'),
};

/** What every inbox row carries: who is due (`standIn`: an admin for a blocked approver), who asked, the page to decide on. */
const inboxCommon = {
  id: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  approverName: z.string(),
  standIn: z.boolean(),
  page: z.string(),
};

/**
 * One approval awaiting the reader: they are its current approver (spec section 4), or (`standIn`) an agency admin
 * and its current approver can no longer approve. `page` is the edit page under `/agencies/{agencyId}/`.
 */
export const ZOutturnInboxItem = z.object({
  kind: z.enum(['voyageApproval', 'vesselQuantityApproval']),
  vesselName: z.string(),
  voyageNumber: z.string(),
  blNumber: z.string().nullable(),
  blQuantity: z.string(),
  dischargedQuantity: z.string(),
  difference: z.string(),
  ...inboxCommon,
});
/** A handling loss or excess above its allowance awaiting the reader: the position, the quantity, its percent of the base. */
export const ZHandlingInboxItem = z.object({
  kind: z.enum(['handlingLoss', 'handlingExcess']),
  warehouseName: z.string(),
  siloName: z.string().nullable(),
  ownerName: z.string(),
  lcPoNumber: z.string(),
  cargoTypeName: z.string(),
  quantity: z.string(),
  percent: z.string(),
  allowedPercent: z.string().nullable(),
  ...inboxCommon,
});
export const ZApprovalInboxItem = z.union([ZOutturnInboxItem, ZHandlingInboxItem]);
export type TOutturnInboxItem = z.infer<typeof ZOutturnInboxItem>;
export type THandlingInboxItem = z.infer<typeof ZHandlingInboxItem>;
export type TApprovalInboxItem = z.infer<typeof ZApprovalInboxItem>;
export const ZApprovalInbox = z.object({ rows: z.array(ZApprovalInboxItem), count: z.number().int() });
export type TApprovalInbox = z.infer<typeof ZApprovalInbox>;

// ---------------------------------------------------------------- e-mail settings

export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;
export const ZEmailSettings = z.object({
  host: z.string(),
  port: z.number().int(),
  security: z.enum(SMTP_SECURITY),
  username: z.string().nullable(),
  /** The password is stored encrypted and never returned; this says whether one is stored. */
  hasPassword: z.boolean(),
  fromName: z.string(),
  fromEmail: z.string(),
  isActive: z.boolean(),
  updatedAt: z.string(),
});
export type TEmailSettings = z.infer<typeof ZEmailSettings>;
export const ZEmailSettingsInput = z.object({
  host: textInput({ error: 'Please input the SMTP host!' }).trim().min(1, 'Please input the SMTP host!').max(255),
  port: z.number({ error: 'Please input the port!' }).int().min(1, 'Port must be between 1 and 65535.').max(65535, 'Port must be between 1 and 65535.'),
  security: z.enum(SMTP_SECURITY),
  username: textInput().trim().max(255).nullish().transform((v) => (v ? v : null)),
  /** Omitted or undefined: keep the stored password; empty string: remove it. */
  password: textInput().max(500).optional(),
  fromName: textInput({ error: 'Please input the sender name!' }).trim().min(1, 'Please input the sender name!').max(100),
  fromEmail: textInput({ error: 'Please input the sender e-mail!' }).trim().email('Please enter a valid email!').max(100),
  isActive: z.boolean().default(true),
});
export type TEmailSettingsInput = z.input<typeof ZEmailSettingsInput>;
export const ZTestEmailInput = z.object({ to: textInput().trim().email('Please enter a valid email!') });

// ---------------------------------------------------------------- product settings (super admin)

export const ZProductSettings = z.object({
  defaultLanguage: z.enum(['en', 'ar', 'zh', 'it', 'es', 'fr']),
  sessionHours: z.number().min(0.25, 'At least 15 minutes.').max(24 * 30),
  rememberMeDays: z.number().min(1).max(365),
  loginMaxAttempts: z.number().int().min(3).max(20),
  loginBlockMinutes: z.number().min(1).max(24 * 60),
  passwordMaxAgeDays: z.number().int().min(1).max(3650),
  resetTokenMinutes: z.number().int().min(5).max(24 * 60),
  imageMaxMb: z.number().min(1).max(20),
  documentMaxMb: z.number().min(1).max(100),
});
export type TProductSettings = z.infer<typeof ZProductSettings>;
export const ZProductSettingsInput = ZProductSettings.partial();

/** `GET /api/settings/public`: what the signed-out pages need (the web checks it without zod to stay light). */
export const ZPublicSettings = z.object({
  version: z.string(),
  defaultLanguage: ZProductSettings.shape.defaultLanguage,
  loginMaxAttempts: z.number().int(),
});
export type TPublicSettings = z.infer<typeof ZPublicSettings>;

/** `GET /api/approval-rules`: every rule of the agency, in the order of APPROVAL_KINDS. */
export const ZApprovalRuleList = z.array(ZApprovalRule);
