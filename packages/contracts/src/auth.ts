import { z } from 'zod';
import { textInput } from './text';
import { Messages } from './errors';
import { ZUser } from './user';
import { ZAgency } from './agency';
import { isStrongPassword } from './password';
import type { TThrottleInfo } from './password';

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

/** Throttle info of spec section 3, as the client keeps it (`TThrottleInfo`, `readThrottleInfo`: password.ts). */
export const ZThrottleInfo = z.object({
  remainingAttempts: z.number().int(),
  resetAfter: z.number().int(),
  retryAfter: z.number().int(),
}) satisfies z.ZodType<TThrottleInfo>;
