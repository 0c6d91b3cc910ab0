/** Business constants of spec section 9, shared by server and web. */
export const PAGE_SIZES = [20, 30, 40, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** Searches start only after more than this many typed characters. */
export const SEARCH_MIN_CHARS = 2;
export const LOGIN_MAX_ATTEMPTS = 5;
export const DEFAULT_LOCKOUT_MINUTES = 15;
export const IMAGE_MAX_MB = 5;
export const DOCUMENT_MAX_MB = 25;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const DATE_FORMAT = 'DD-MMM-YYYY';
export const DATE_TIME_FORMAT = 'DD-MMM-YYYY HH:mm';
export const LANGUAGES = ['en', 'ar', 'zh', 'it', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const RTL_LANGUAGES: readonly Language[] = ['ar'];
