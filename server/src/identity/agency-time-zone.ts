import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { agencies } from './agencies.schema';

/** The agency's IANA time zone, read inside the caller's (agency) transaction; UTC if the agency is not found. */
export async function agencyTimezone(tx: Db, agencyId: number): Promise<string> {
  const [row] = await tx.select({ timezone: agencies.timezone }).from(agencies).where(eq(agencies.id, agencyId));
  return row?.timezone ?? 'UTC';
}
