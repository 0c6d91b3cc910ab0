import { ZProductSettings, ZProductSettingsInput, type TProductSettings } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { appSettings } from './settings.schema';

const PRODUCT_KEY = 'product';
/** How long a process trusts its copy; another process's change is seen within this time, this process's at once. */
const CACHE_MS = 5_000;

/** The settings as the environment gives them, before a super admin changes any. */
export function defaultSettings(config: AppConfig): TProductSettings {
  return {
    defaultLanguage: 'en',
    sessionHours: config.sessionSeconds / 3600,
    rememberMeDays: config.rememberMeSeconds / 86400,
    loginMaxAttempts: config.loginMaxAttempts,
    loginBlockMinutes: config.loginBlockSeconds / 60,
    passwordMaxAgeDays: Math.round(config.passwordMaxAgeSeconds / 86400),
    resetTokenMinutes: Math.round(config.resetTokenSeconds / 60),
    imageMaxMb: config.imageMaxBytes / (1024 * 1024),
    documentMaxMb: config.documentMaxBytes / (1024 * 1024),
  };
}

export interface SettingsService {
  /** The settings in force: stored values over the environment's defaults. */
  get(): Promise<TProductSettings>;
  /** Changes some settings; they apply at once in this process and within seconds in every other. */
  update(params: { changes: z.output<typeof ZProductSettingsInput>; userId: number }): Promise<TProductSettings>;
}

/** Builds the settings service over the database, with a short per-process cache. */
export function createSettingsService(deps: { db: Db; config: AppConfig; clock: Clock }): SettingsService {
  let cached: { value: TProductSettings; at: number } | undefined;
  const defaults = defaultSettings(deps.config);

  async function load(): Promise<TProductSettings> {
    const [row] = await deps.db.select().from(appSettings).where(eq(appSettings.key, PRODUCT_KEY)).limit(1);
    const stored = ZProductSettingsInput.safeParse(row?.value ?? {});
    return ZProductSettings.parse({ ...defaults, ...(stored.success ? stored.data : {}) });
  }

  return {
    async get() {
      const now = deps.clock.now().getTime();
      if (cached && now - cached.at < CACHE_MS) return cached.value;
      const value = await load();
      cached = { value, at: now };
      return value;
    },
    async update({ changes, userId }) {
      const next = ZProductSettings.parse({ ...(await load()), ...changes });
      const stored: Partial<TProductSettings> = {};
      for (const key of Object.keys(next) as (keyof TProductSettings)[]) {
        if (next[key] !== defaults[key]) Object.assign(stored, { [key]: next[key] });
      }
      await deps.db
        .insert(appSettings)
        .values({ key: PRODUCT_KEY, value: stored, updatedBy: userId, updatedAt: deps.clock.now() })
        .onConflictDoUpdate({ target: appSettings.key, set: { value: stored, updatedBy: userId, updatedAt: deps.clock.now() } });
      cached = { value: next, at: deps.clock.now().getTime() };
      return next;
    },
  };
}
