import { LANGUAGES, StorageKeys, type Language } from '@tonnage/contracts';

/** localStorage can throw (private mode, quota); the app must keep working without it. */
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value simply is not remembered.
  }
}

export const storage = { read, write };

export function getToken(): string | null {
  const token = read(StorageKeys.token);
  return token ? token : null;
}

export function setToken(token: string | null): void {
  write(StorageKeys.token, token);
}

/** The super admin's stored agency choice (spec section 4). */
export function getStoredAgencyId(): number | null {
  const raw = read(StorageKeys.selectedAgency);
  if (!raw || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}

export function setStoredAgencyId(id: number | null): void {
  write(StorageKeys.selectedAgency, id === null ? null : String(id));
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function getStoredLanguage(): Language | null {
  const raw = read(StorageKeys.language);
  return isLanguage(raw) ? raw : null;
}

export function setStoredLanguage(language: Language): void {
  write(StorageKeys.language, language);
}

/**
 * Logout clears local storage (spec section 4). The language choice is a device preference, not session
 * state, so it survives: a user who reads Arabic keeps the Arabic login page.
 */
export function clearSessionStorage(): void {
  const language = getStoredLanguage();
  try {
    window.localStorage.clear();
  } catch {
    // ignore
  }
  if (language) setStoredLanguage(language);
}
