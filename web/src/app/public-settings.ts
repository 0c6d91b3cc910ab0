import { LOGIN_MAX_ATTEMPTS, type TPublicSettings } from '@tonnage/contracts';
import { rawRequest, type Schema } from './api';
import { isLanguage } from './storage';

/** `GET /api/settings/public`: what the signed-out pages need from the product settings (ZPublicSettings). */
export type PublicSettings = TPublicSettings;

export const ZPublicSettings: Schema<PublicSettings> = {
  safeParse(data: unknown) {
    const value = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    const { version, defaultLanguage, loginMaxAttempts } = value;
    if (typeof version === 'string' && isLanguage(defaultLanguage) && typeof loginMaxAttempts === 'number') {
      return { success: true, data: { version, defaultLanguage, loginMaxAttempts } };
    }
    return { success: false, error: { issues: [{ message: 'Unexpected public settings', path: [] }] } };
  },
};

/** How long the first page waits for the default language before it starts in English. */
const PUBLIC_SETTINGS_TIMEOUT_MS = 2500;

let loading: Promise<PublicSettings | null> | null = null;

/** The public settings, asked once per page load; null when the server cannot be reached (nothing is shown). */
export function loadPublicSettings(): Promise<PublicSettings | null> {
  loading ??= (async () => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), PUBLIC_SETTINGS_TIMEOUT_MS);
    try {
      const result = await rawRequest('/api/settings/public', { signal: controller.signal });
      if (!result.ok) return null;
      const parsed = ZPublicSettings.safeParse(result.data);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    } finally {
      window.clearTimeout(timer);
    }
  })();
  return loading;
}

/** Forgets the loaded settings (tests). */
export function resetPublicSettings(): void {
  loading = null;
}

/** The sign-in attempts before a block, for texts that name it. */
export function loginMaxAttemptsOf(settings: PublicSettings | null | undefined): number {
  return settings?.loginMaxAttempts ?? LOGIN_MAX_ATTEMPTS;
}
