import { fullAr, fullEn } from '../../web/src/locales/full';
import { language } from './browser';

/** The run language's whole message set (the core and the feature sections), so assertions read the texts a person sees. */
export const texts = (language === 'ar' ? fullAr : fullEn).translation;

/** Fills `{{name}}` placeholders the way i18next does. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(values[key] ?? ''));
}

/** A fixed server or contracts message as the page shows it: its translation in the run's language, else as sent. */
export function message(text: string): string {
  const messages: Readonly<Record<string, string>> = (language === 'ar' ? fullAr : fullEn).messages;
  return messages[text] ?? text;
}
