import { z } from 'zod';
import { textInput } from './text';
import { Messages } from './errors';
import { ZUser } from './user';
import { ZAgency } from './agency';

/** Special characters accepted by the password rule of spec section 5. */
export const PASSWORD_SPECIALS = '!@#$%^&*';

/** Each check of the live checklist of spec section 5, in display order. */
export const passwordChecks = [
  { key: 'min8', label: 'Min 8 characters', test: (p: string) => p.length >= 8 },
  { key: 'upper', label: 'Atleast 1 cap case', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'lower', label: 'Atleast 1 small case', test: (p: string) => /[a-z]/.test(p) },
  { key: 'digit', label: 'Atleast 1 digit', test: (p: string) => /\d/.test(p) },
  { key: 'special', label: 'Atleast 1 special character', test: (p: string) => /[!@#$%^&*]/.test(p) },
] as const;

/** True when the password satisfies every rule of spec section 5. */
export function isStrongPassword(password: string): boolean {
  return passwordChecks.every((check) => check.test(password));
}

const ZNewPassword = z
  .string({ error: Messages.newPasswordRequired })
  .refine((v) => v.trim().length > 0, Messages.newPasswordRequired)
  .refine(isStrongPassword, Messages.passwordRule);
const ZConfirmPassword = z
  .string({ error: Messages.confirmPasswordRequired })
  .refine((v) => v.trim().length > 0, Messages.confirmPasswordRequired);

export const ZLoginBody = z.object({
  username: textInput({ error: Messages.usernameRequired }).trim().min(1, Messages.usernameRequired).max(100),
  password: textInput({ error: Messages.passwordRequired }).min(1, Messages.passwordRequired).max(200),
  rememberMe: z.boolean().optional().default(false),
});
export type TLoginBody = z.input<typeof ZLoginBody>;

export const ZLoginResponse = z.object({
  token: z.string(),
  isSuperAdmin: z.boolean(),
  isAgencyAdmin: z.boolean(),
  agency: ZAgency.nullable(),
  user: ZUser,
  message: z.string(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZForgotPasswordBody = z.object({
  username: textInput({ error: Messages.usernameRequired }).trim().min(1, Messages.usernameRequired).max(100),
});

export const ZResetPasswordBody = z
  .object({ password: ZNewPassword, confirmPassword: ZConfirmPassword })
  .refine((b) => b.password === b.confirmPassword, { message: Messages.passwordMismatch, path: ['confirmPassword'] });
export type TResetPasswordBody = z.infer<typeof ZResetPasswordBody>;

/** The forced reset of spec section 4 has the same shape as the reset. */
export const ZUpdatePasswordBody = ZResetPasswordBody;

export const ZChangePasswordBody = z
  .object({
    currentPassword: z
      .string({ error: Messages.currentPasswordRequired })
      .refine((v) => v.trim().length > 0, Messages.currentPasswordRequired),
    newPassword: ZNewPassword,
    confirmPassword: ZConfirmPassword,
  })
  .refine((b) => b.newPassword === b.confirmPassword, { message: Messages.passwordMismatch, path: ['confirmPassword'] });
export type TChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

export const ZMessageResponse = z.object({ message: z.string() });

/** Throttle info of spec section 3, as the client keeps it. */
export const ZThrottleInfo = z.object({
  remainingAttempts: z.number().int(),
  resetAfter: z.number().int(),
  retryAfter: z.number().int(),
});
export type TThrottleInfo = z.infer<typeof ZThrottleInfo>;
