import { RTL_LANGUAGES, type Language } from '@tonnage/contracts';

export type Direction = 'ltr' | 'rtl';

export function directionOf(language: Language): Direction {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

/** Sets <html lang dir> so the browser, antd portals and logical CSS properties all follow the language. */
export function applyDocumentLanguage(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
}
