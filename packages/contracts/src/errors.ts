/** Machine-readable error codes. The web translates by code and falls back to the message. */
export const ErrorCode = {
  VALIDATION: 'VALIDATION',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  WRONG_CREDENTIALS: 'WRONG_CREDENTIALS',
  USER_INACTIVE: 'USER_INACTIVE',
  AGENCY_INACTIVE: 'AGENCY_INACTIVE',
  LOGIN_BLOCKED: 'LOGIN_BLOCKED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  /** A row others refer to cannot be deleted; details map each referring resource key to its count. */
  RECORD_IN_USE: 'RECORD_IN_USE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_FILE: 'UNSUPPORTED_FILE',
  INVALID_RESET_TOKEN: 'INVALID_RESET_TOKEN',
  WRONG_CURRENT_PASSWORD: 'WRONG_CURRENT_PASSWORD',
  BUSINESS_RULE: 'BUSINESS_RULE',
  /** The ledger refused a posting that would take stock (on board, on hand, in transit or usable) below zero. */
  QUANTITY_NOT_AVAILABLE: 'QUANTITY_NOT_AVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * The one error body every failing API call returns. `details` maps a field path to its message. Its zod schema is
 * `ZApiError` (api-error.ts); this module has no zod, so the web's sign-in page reads errors without loading zod.
 */
export interface TApiError {
  message: string;
  code: string;
  details?: Record<string, string>;
}

/** The body as an API error when it has that shape (what `ZApiError.safeParse` accepts), else null. */
export function readApiError(body: unknown): TApiError | null {
  if (!body || typeof body !== 'object') return null;
  const { message, code, details } = body as Record<string, unknown>;
  if (typeof message !== 'string' || typeof code !== 'string') return null;
  if (details === undefined) return { message, code };
  if (!details || typeof details !== 'object' || Array.isArray(details)) return null;
  const entries = Object.entries(details);
  if (!entries.every(([, value]) => typeof value === 'string')) return null;
  return { message, code, details: Object.fromEntries(entries) };
}

/** Texts fixed by the spec (sections 5 and 8); the server answers with these exact strings. */
export const Messages = {
  forbidden: 'User is not Permitted Access to some data in this module.',
  tokenExpired: 'Your token has expired, please login again.',
  wrongCredentials: 'Wrong credentials',
  userInactive: 'user is in-active',
  agencyInactive: 'agency is in-active',
  blocked: 'You are blocked for 5 wrong attempts.',
  internal: 'Internal Server Error',
  notFound: 'Not Found',
  passwordRule:
    'Password Validation Failed!, Please use minimum 8 characters, atleast 1 capital case, atleast 1 small case, atleast 1 digit, atleast 1 special character (#,$,%, ... etc).',
  passwordMismatch: 'Password Mismatch!',
  newPasswordRequired: 'Please input your new password!',
  confirmPasswordRequired: 'Please confirm your password!',
  usernameRequired: 'Please input your username!',
  passwordRequired: 'Please input your password!',
  currentPasswordRequired: 'Please input your current password!',
  currentPasswordWrong: 'Current password is wrong',
  resetMailSent: 'Reset password email is sent',
  resetSuccessful: 'Reset password successful',
  resetTokenInvalid: 'Reset link is invalid or has expired',
  passwordUpdated: 'Password updated successfully!',
  /** The forced reset (spec 4) sets a password without the current one, so it is refused while no reset is due. */
  passwordResetNotDue: 'No password reset is due. Please change your password with your current password.',
  profileUpdated: 'Profile updated successfully!',
  uploadRequired: 'Upload file is required.',
  fileTooLarge: (mb: number) => `File must be smaller than ${mb}MB!`,
  fileTypeNotAllowed: 'This type of file is not allowed.',
  firstNameRequired: 'Please input first name!',
  agencyActivated: 'Agency activated successfully!',
  agencyDeactivated: 'Agency deactivated successfully!',
  quantityNotAvailable: 'Quantity not available',
  reasonRequired: 'Reason is Required!',
  // Spec section 5, transaction messages.
  lcOrPoOnly: 'you can only put LC or PO number!',
  lcOrPoRequired: 'Please add LC or PO Number.',
  lcBelowBl: 'LC quantity can not be less than its BL quantity.',
  saleOrderExceeded: 'Sum of LC quantities of a Sale Order can not be greater than the Sale order quantity.',
  saleOrderBelowLcs: 'Sale order quantity can not be less than the sum of its LC quantities.',
  quantityPositive: 'Quantity must be greater than zero.',
  warehouseRequired: 'Please Select Warehouse!',
  warehouseTypeRequired: 'Please select Warehouse Type!',
  wbtRequired: 'Please Select Weight Bridge Ticket Number!',
  wbqRequired: 'Weight Bridge quantity is required!',
  truckRequired: 'Please Select Truck!',
  driverRequired: 'Please Select Driver!',
  // Spec section 8, business rules.
  consignmentHasPortLoading: 'This consignment has existing Port Loading.',
  portLoadingInWarehouse: 'This Port Loading delivered on Warehouse In. Please revert Warehouse In transaction first.',
  portLoadingDelivered: 'This Port Loading is delivered. Please revert its transaction first.',
  loadingSlipCreated: 'Loading Slip created successfully',
  loadingSlipUpdated: 'Loading Slip updated successfully',
} as const;
