import { SLIP_KINDS, type SlipKind } from '@tonnage/contracts';

/*
 * A slip picked in a form: port loading slips and warehouse loading slips are numbered (and their ids counted)
 * apart, so a picker's value names the kind with the id.
 */

/** The picker's value of a slip. */
export const slipKey = (slip: { slipKind: SlipKind; slipId: number }): string => `${slip.slipKind}:${slip.slipId}`;

/** The kind and id of a picker value, or null. */
export function parseSlipKey(key: string | undefined): { slipKind: SlipKind; slipId: number } | null {
  if (key === undefined) return null;
  const [kind, id] = key.split(':');
  const slipKind = SLIP_KINDS.find((k) => k === kind);
  const slipId = Number(id);
  return slipKind === undefined || !Number.isInteger(slipId) || slipId <= 0 ? null : { slipKind, slipId };
}
