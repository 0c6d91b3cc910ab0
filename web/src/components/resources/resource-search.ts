import { SEARCH_MIN_CHARS } from '@tonnage/contracts';

/** Spec sections 5 and 9: a search starts after more than 2 typed characters; shorter text is not sent. */
export function effectiveSearch(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed.length > SEARCH_MIN_CHARS ? trimmed : undefined;
}
