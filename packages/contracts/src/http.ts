/** Header names shared by client and server. */
export const Headers = {
  appVersion: 'x-app-version',
  agencyId: 'x-agency-id',
  rateLimitRemaining: 'x-ratelimit-remaining',
  rateLimitReset: 'x-ratelimit-reset',
  retryAfter: 'retry-after',
} as const;

/** Local-storage keys of the web app (spec sections 4 and 9). */
export const StorageKeys = {
  token: 'id_token',
  selectedAgency: 'selectedAgency',
  throttle: 'throttle',
  logout: 'logout',
  loggedIn: 'loggedIn',
  appVersion: 'appVersion',
  language: 'language',
} as const;

/** Name of the HttpOnly cookie that carries the session for file downloads and images. */
export const SESSION_COOKIE = 'tonnage_session';
