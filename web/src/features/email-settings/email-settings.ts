import type { SMTP_SECURITY } from '@tonnage/contracts';

export type Security = (typeof SMTP_SECURITY)[number];

/** The usual port of each kind of connection; picking another kind moves the port along if it was a usual one. */
export const DEFAULT_PORTS: Record<Security, number> = { none: 25, starttls: 587, tls: 465 };

export const emailSettingsKeys = { all: ['email-settings'] as const };

/**
 * The password field: empty keeps the stored password, a value replaces it, and "remove" deletes it
 * (ZEmailSettingsInput: omitted keeps, '' removes).
 */
export function passwordChange(typed: string | undefined, removing: boolean): { password?: string } {
  if (removing) return { password: '' };
  return typed ? { password: typed } : {};
}
