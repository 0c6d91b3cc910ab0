import type { TFunction } from 'i18next';
import { isolate, isolatedQuantity } from '../../app/format';

/*
 * The questions a reversal asks ("Reverse Mill Co → Gulf SM (⁨15.000 MT⁩)?"), written once for every cargo flow's
 * list. The sentence is a translation ('عكس …؟' in Arabic, '¿Anular …?' in Spanish), and every name, plate, slip
 * number and quantity inside it is isolated (`isolate`), so a Latin name or a number keeps its reading order in a
 * right-to-left sentence and the arrow of a movement points the way the sentence reads (← in Arabic).
 */

/** 'Reverse {what}?' in the user's language; `what` is already isolated where it needs to be. */
export function reverseQuestion(t: TFunction, what: string): string {
  return t('cargo.reverseQuestion', { what });
}

/** A movement from one party or place to another: 'Mill Co → Gulf SM', in Arabic 'Mill Co ← Gulf SM' read right to left. */
export function fromTo(t: TFunction, from: string, to: string): string {
  return t('cargo.fromTo', { from: isolate(from), to: isolate(to) });
}

/** An exchange between two parties: 'A ⇄ B'. */
export function between(t: TFunction, a: string, b: string): string {
  return t('cargo.between', { a: isolate(a), b: isolate(b) });
}

/** A thing and its quantity: 'Mill Co → Gulf SM (⁨15.000 MT⁩)'. */
export function withQuantity(what: string, quantity: number | string): string {
  return `${what} (${isolatedQuantity(quantity)})`;
}

/** A slip or ticket and its truck: '#11 (MED 5502)', both isolated ('#' is weak and would move in Arabic). */
export function slipAndTruck(number: number | string, plate: string): string {
  return `${isolate(`#${number}`)} (${isolate(plate)})`;
}
