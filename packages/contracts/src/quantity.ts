/**
 * Exact quantities (DOMAIN invariant 6): the ledger keeps integer kilograms, people read metric tonnes with 3
 * decimals. Conversions go through decimal strings and bigint, never through floating-point arithmetic.
 */

const TONNES = /^(-?)(\d+)(?:\.(\d{1,3}))?$/;

/**
 * Metric tonnes (a decimal string such as '12.345', or a number that prints with at most 3 decimals) to integer
 * kilograms. Throws on more than 3 decimals, exponents or anything else that is not a plain decimal.
 */
export function tonnesToKg(tonnes: string | number): bigint {
  const text = typeof tonnes === 'number' ? String(tonnes) : tonnes.trim();
  const match = TONNES.exec(text);
  if (!match) throw new RangeError(`Not a quantity in MT with at most 3 decimals: ${text}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const kg = BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0'));
  return sign === '-' ? -kg : kg;
}

/** Integer kilograms to metric tonnes as a decimal string with exactly 3 decimals ('12.345', '-0.500'). */
export function kgToTonnes(kg: bigint | number): string {
  if (typeof kg === 'number' && !Number.isSafeInteger(kg)) throw new RangeError(`Not an integer of kilograms: ${kg}`);
  const value = BigInt(kg);
  const magnitude = value < 0n ? -value : value;
  const fraction = (magnitude % 1000n).toString().padStart(3, '0');
  return `${value < 0n ? '-' : ''}${magnitude / 1000n}.${fraction}`;
}
