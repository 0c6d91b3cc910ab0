import type { GuideField, Screenshot, ShotAction, Text } from '../model';
import { label, message } from '../product';

/** A field of a screen: its label as the screen shows it (a message-set key, or a text), and what it means. */
export function field(labelKey: string | Text, en: string, ar: string): GuideField {
  return { label: typeof labelKey === 'string' ? label(labelKey) : labelKey, meaning: { en, ar } };
}

/** A refusal of the server, in the words the screen shows. */
export const check = (english: string): Text => message(english);

/** A screenshot of a route of the demo agency after some actions. */
export function shot(route: string, ready: string, caption: Text, actions: readonly ShotAction[] = [], scrollTo?: string): Screenshot {
  return { route, ready, caption, actions, ...(scrollTo ? { scrollTo } : {}) };
}
