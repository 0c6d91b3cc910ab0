import { Messages } from './errors';
import { INVALID_ID } from './ids';
import { LinkMessages } from './links';
import { ListMessages } from './list-query';
import { TEXT_NOT_ALLOWED } from './text';
import { OutboundWeighingMessages } from './outbound-weighing';
import { PortLoadingMessages } from './port-loading';
import { ProcurementMessages } from './procurement';
import { ShippingMessages } from './shipping';
import { ApprovalMessages } from './staff';
import { VesselApprovalMessages } from './vessel-approval';
import { WeightDisplayMessages } from './weight-display';
import { CameraMessages } from './cameras';
import { DeliveryInMessages, ReceivingMessages } from './receiving';
import { WarehouseDispatchMessages } from './warehouse-dispatch';
import { ConsigneeDispatchMessages } from './consignee-dispatch';
import { GroupedOutMessages } from './warehouse-out-groups';
import { CorrectionMessages } from './corrections';
import { OwnershipTransferMessages } from './ownership-transfer';
import { SwapCargoMessages } from './swap-cargo';
import { SiloTransferMessages } from './silo-transfer';
import { HandlingMessages } from './handling';
import { LoanMessages } from './loans';
import { SaleMessages } from './sales';
import { ConsigneeTransferMessages } from './consignee-transfer';
import { LoanSlipHeldMessages, TransferSlipLinkMessages, WarehouseTransferMessages } from './warehouse-transfer';
import { ExportMessages } from './exports';
import { TripListMessages } from './trip-list-pages';

/*
 * Every fixed message the server can send, per feature, so the server's error helpers accept nothing else (a
 * literal that is not declared here fails to compile) and the web's Arabic maps must translate each of them
 * (`MessageOf<typeof X>` keys: a missing translation fails to compile too).
 */

/** The string values of a message object (functions, which build messages with numbers, are left out). */
export type MessageOf<T> = { [K in keyof T]: T[K] extends string ? T[K] : never }[keyof T];

/** Access, agencies, records in general, uploads and settings. */
export const PlatformMessages = {
  selectAgency: 'Please select an agency.',
  invalidAgencyId: 'Invalid agency id.',
  invalidId: INVALID_ID,
  textNotAllowed: TEXT_NOT_ALLOWED,
  agencyNotFound: 'Agency not found',
  agencyNameTaken: 'An agency with this name already exists.',
  locationNotFound: 'Location not found',
  countryNotFound: 'Country not found',
  recordExists: 'This record already exists.',
  recordInUse: 'This record is in use; deactivate it instead.',
  outsideScope: 'You can only add records within your data scope.',
  passwordMustDiffer: 'The new password must differ from the current one.',
  profilePicAgain: 'Please upload the profile picture again.',
  emailSettingsNotConfigured: 'E-mail settings are not configured for this agency yet.',
  saveEmailSettingsFirst: 'Please save the e-mail settings before sending a test e-mail.',
} as const;

/** Records of the cargo flows that were not found (in the agency and the reader's data scope). */
export const CargoRecordMessages = {
  voyageNotFound: 'Voyage not found',
  blNotFound: 'BL not found.',
  shipmentNotFound: 'Shipment not found',
  portLoadingNotFound: 'Port loading not found',
  loadingSlipNotFound: 'Loading slip not found',
} as const;

/** The users screen. */
export const UserMessages = {
  notFound: 'User not found',
  roleRequired: 'Please select a role!',
  companyRequired: 'Please select the company!',
  shipmentManagersInvalid: 'Please select shipment managers of this agency!',
  consigneesInvalid: 'Please select consignees of this agency!',
  locationsInvalid: 'Please select locations of this agency!',
  countryInvalid: 'Please select a valid country!',
  cityInvalid: 'Please select a city of the selected country!',
  usernameTaken: 'This username is already used by another user.',
  emailTaken: 'This e-mail is already used by another user.',
  passwordNotHere: 'The password cannot be changed here; use the forced password reset.',
  cannotDeactivateSelf: 'You cannot deactivate yourself.',
  resetForced: 'The user will be asked for a new password.',
  ownCompanyOnly: 'You can only manage company admins of your own company.',
  beyondOwnScope: 'You can only assign what is within your own data scope.',
  roleBeyondOwn: 'You can only give a role whose permissions you hold yourself.',
  activated: 'User activated successfully!',
  deactivated: 'User deactivated successfully!',
} as const;

/** The roles screen. */
export const RoleMessages = {
  notFound: 'Role not found',
  duplicateName: 'A role with this name already exists.',
  inUse: 'This role is assigned to users; assign them another role first.',
  ownRole: 'You cannot change the permissions of your own role.',
  created: 'Role created successfully!',
  updated: 'Role updated successfully!',
  deleted: 'Role deleted successfully!',
  permissionsSaved: 'Permissions saved successfully!',
} as const;

/** The ledger's refusals of a reversal. */
export const LedgerMessages = {
  alreadyReversed: 'This transaction has already been reversed.',
  reversalOfReversal: 'A reversal cannot be reversed; post the transaction again instead.',
} as const;

/** The master-data import's refusals of a whole file (its limits are fixed: 5MB, 5,000 rows). */
export const ImportMessages = {
  unsupported: 'Please upload an Excel workbook (.xlsx) or a CSV file in UTF-8.',
  empty: 'The file has no rows to import.',
  tooLarge: 'The file must be smaller than 5MB.',
  tooManyRows: 'The file has more than 5,000 rows; at most 5,000 rows can be imported at once.',
} as const;

/** Every message set above and the features' own, by name: the runtime check that each has Arabic walks these. */
export const SERVER_MESSAGE_SETS = {
  Messages,
  PlatformMessages,
  CargoRecordMessages,
  UserMessages,
  RoleMessages,
  LedgerMessages,
  ImportMessages,
  ListMessages,
  ApprovalMessages,
  ProcurementMessages,
  ShippingMessages,
  VesselApprovalMessages,
  PortLoadingMessages,
  LinkMessages,
  OutboundWeighingMessages,
  WeightDisplayMessages,
  CameraMessages,
  ReceivingMessages,
  DeliveryInMessages,
  WarehouseDispatchMessages,
  ConsigneeDispatchMessages,
  GroupedOutMessages,
  CorrectionMessages,
  OwnershipTransferMessages,
  SwapCargoMessages,
  SiloTransferMessages,
  HandlingMessages,
  LoanMessages,
  SaleMessages,
  ConsigneeTransferMessages,
  WarehouseTransferMessages,
  TransferSlipLinkMessages,
  LoanSlipHeldMessages,
  ExportMessages,
  TripListMessages,
} as const;

/** A fixed message the server may send (the web translates it by its English text). */
export type ServerMessage = {
  [K in keyof typeof SERVER_MESSAGE_SETS]: MessageOf<(typeof SERVER_MESSAGE_SETS)[K]>;
}[keyof typeof SERVER_MESSAGE_SETS];
