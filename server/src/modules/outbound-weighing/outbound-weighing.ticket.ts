import type { WeighTicketView } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { agencies } from '../../identity/agencies.schema';
import { agencyTimezone } from '../../identity/agency-time-zone';
import type { DataScope } from '../../identity/data-scope';
import { getFirstWeight, getSecondWeight } from './outbound-weighing.service';

/*
 * The printed weighbridge ticket (WeighTicketView): the first weight, and once taken the second weight and the net,
 * with the cameras' pictures of each capture (as URLs for the web's print view; the PDF renderer embeds the bytes).
 * A first weight's ticket shows its second weight when a live one stands on it.
 */
export async function weighTicket(tx: Db, params: { agencyId: number; scope: DataScope; kind: 'outboundFirstWeight' | 'outboundSecondWeight'; id: number }): Promise<WeighTicketView> {
  const { agencyId, scope } = params;
  const second = params.kind === 'outboundSecondWeight' ? await getSecondWeight(tx, { agencyId, scope, id: params.id }) : null;
  const first = await getFirstWeight(tx, { agencyId, scope, id: second ? second.firstWeightId : params.id });
  const shownSecond = second ?? (first.secondWeightId !== null ? await getSecondWeight(tx, { agencyId, scope, id: first.secondWeightId }) : null);
  const [agency] = await tx.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyId));
  const reversedOf = (record: { status: string; reversedAt: string | null; reverseReason: string | null }) =>
    record.status === 'Reversed' && record.reversedAt ? { at: record.reversedAt, reason: record.reverseReason ?? '' } : null;
  const shots = (record: { pictures: { cameraName: string; url: string | null }[] }, which: string) =>
    record.pictures.flatMap((picture) => (picture.url ? [{ caption: `${which}: ${picture.cameraName}`, url: picture.url }] : []));
  return {
    ticketNumber: first.ticketNumber,
    agencyName: agency?.name ?? '',
    warehouseName: first.warehouseName,
    weighbridge: shownSecond?.weighbridge ?? first.weighbridge,
    truckPlate: first.truckPlate,
    driverName: first.driverName,
    first: { kg: first.kg, at: first.capturedAt, manual: first.manual, manualReason: first.manualReason },
    second: shownSecond ? { kg: shownSecond.kg, at: shownSecond.capturedAt, manual: shownSecond.manual, manualReason: shownSecond.manualReason } : null,
    net: shownSecond ? shownSecond.netKg : null,
    timeZone: await agencyTimezone(tx, agencyId),
    pictures: [...shots(first, 'First weight'), ...(shownSecond ? shots(shownSecond, 'Second weight') : [])],
    reversed: (second ? reversedOf(second) : null) ?? reversedOf(first),
  };
}
