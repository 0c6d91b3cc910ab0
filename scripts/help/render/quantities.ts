/** Whole kilograms of a quantity in MT with at most 3 decimals ("24500.000", "9", "0.25"). */
export function kgOf(quantity: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,3}))?$/.exec(quantity);
  if (!match) throw new Error(`help: not a quantity in MT: '${quantity}'`);
  const kg = Number(match[2]) * 1000 + Number((match[3] ?? '').padEnd(3, '0'));
  return match[1] === '-' ? -kg : kg;
}

/** "24,500.000" as the product shows tonnes (3 decimals, grouped thousands, Western digits in both languages). */
export function tonnes(kg: number): string {
  const sign = kg < 0 ? '-' : '';
  const abs = Math.abs(kg);
  const whole = Math.floor(abs / 1000).toLocaleString('en');
  return `${sign}${whole}.${String(abs % 1000).padStart(3, '0')}`;
}
