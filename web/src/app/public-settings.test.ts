import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialLanguage } from './language';
import { loadPublicSettings, loginMaxAttemptsOf, resetPublicSettings } from './public-settings';

function answer(body: unknown, status = 200) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('public settings', () => {
  afterEach(() => {
    resetPublicSettings();
    vi.restoreAllMocks();
  });

  it('starts in the language the person chose, without asking the server', async () => {
    const fetch = answer({ version: '1', defaultLanguage: 'ar', loginMaxAttempts: 5 });
    localStorage.setItem('language', 'fr');
    expect(await initialLanguage()).toBe('fr');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('starts in the product’s default language when the person has not chosen', async () => {
    const fetch = answer({ version: '1', defaultLanguage: 'ar', loginMaxAttempts: 7 });
    expect(await initialLanguage()).toBe('ar');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/settings/public');
    expect(localStorage.getItem('language')).toBeNull();
    expect(loginMaxAttemptsOf(await loadPublicSettings())).toBe(7);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('falls back to English and 5 attempts when the settings cannot be read', async () => {
    answer({ message: 'down', code: 'INTERNAL' }, 500);
    expect(await initialLanguage()).toBe('en');
    expect(loginMaxAttemptsOf(await loadPublicSettings())).toBe(5);
  });

  it('ignores an unknown default language', async () => {
    answer({ version: '1', defaultLanguage: 'xx', loginMaxAttempts: 5 });
    expect(await initialLanguage()).toBe('en');
  });
});
