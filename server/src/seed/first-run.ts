import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { permissionCatalogue } from '@tonnage/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../platform/clock';
import type { AppConfig } from '../platform/config';
import type { Db } from '../platform/db/client';
import { generatePassword, hashPassword } from '../platform/passwords';
import { agencies } from '../identity/agencies.schema';
import { roles, users } from '../identity/users.schema';
import { seedDemoMasterData } from './demo-master-data';
import { seedDemoSeason } from './demo-season';

export const DEMO_AGENCY_NAME = 'Red Sea Bulk Agency';

/** Flags of the demo "Operations" role: every view and export except staff administration. */
export function demoOperationsPermissions(): string[] {
  return permissionCatalogue
    .filter((p) => p.group !== 'staff' && (p.flag.startsWith('canView') || p.flag.startsWith('canExport')))
    .map((p) => p.flag);
}

interface SeedOutcome {
  adminCreated: boolean;
  demoCreated: boolean;
}

function remember(config: AppConfig, file: string, text: string): string {
  mkdirSync(config.dataDir, { recursive: true });
  const target = path.join(config.dataDir, file);
  writeFileSync(target, `${text}\n`, { mode: 0o600 });
  return target;
}

/**
 * First start on an empty database: creates the super admin and, when asked (embedded database or SEED_DEMO=1),
 * the demo agency with an agency admin and an agency user. Does nothing once any user exists.
 */
export async function seedFirstRun(db: Db, params: { config: AppConfig; clock: Clock; log: (line: string) => void }): Promise<SeedOutcome> {
  const { config, clock, log } = params;
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return { adminCreated: false, demoCreated: false };
  const now = clock.now();
  const validUntil = new Date(now.getTime() + config.passwordMaxAgeSeconds * 1000);

  const adminPassword = config.adminPassword ?? generatePassword();
  await db.insert(users).values({
    kind: 'superAdmin',
    username: config.adminUsername,
    email: `${config.adminUsername}@tonnage.local`,
    passwordHash: await hashPassword(adminPassword),
    firstName: 'Super',
    lastName: 'Admin',
    passwordResetAt: validUntil,
  });
  if (config.adminPassword) {
    log(`Created super admin "${config.adminUsername}" with the password from ADMIN_PASSWORD.`);
  } else {
    const file = remember(config, 'initial-admin-password.txt', adminPassword);
    log(`Created super admin "${config.adminUsername}" with password: ${adminPassword}  (also written to ${file})`);
  }

  if (!config.seedDemo) return { adminCreated: true, demoCreated: false };

  const demoPassword = config.demoPassword ?? generatePassword();
  const demo = await db.transaction(async (tx) => {
    const [agency] = await tx
      .insert(agencies)
      .values({
        name: DEMO_AGENCY_NAME,
        timezone: 'Asia/Riyadh',
        countryCode: 'SA',
        address: 'King Abdulaziz Road, Al Baghdadiyah Al Gharbiyah, Jeddah 22231',
        contactName: 'Operations Desk',
        contactEmail: 'ops@redseabulk.example',
        contactPhone: '+966 12 000 0000',
      })
      .returning();
    if (!agency) throw new Error('demo agency insert returned no row');
    const [role] = await tx
      .insert(roles)
      .values({ agencyId: agency.id, name: 'Operations', permissions: demoOperationsPermissions() })
      .returning();
    if (!role) throw new Error('demo role insert returned no row');
    const passwordHash = await hashPassword(demoPassword);
    const inserted = await tx.insert(users).values([
      {
        agencyId: agency.id,
        kind: 'agencyAdmin',
        username: 'demo.admin',
        email: 'demo.admin@redseabulk.example',
        passwordHash,
        firstName: 'Layla',
        lastName: 'Haddad',
        passwordResetAt: validUntil,
      },
      {
        agencyId: agency.id,
        kind: 'agencyUser',
        username: 'demo.user',
        email: 'demo.user@redseabulk.example',
        passwordHash,
        firstName: 'Omar',
        lastName: 'Farouk',
        roleId: role.id,
        passwordResetAt: validUntil,
      },
    ]).returning({ id: users.id, username: users.username });
    const admin = inserted.find((u) => u.username === 'demo.admin');
    if (!admin) throw new Error('demo users insert returned no row');
    const { shipmentManagers } = await seedDemoMasterData(tx, { agencyId: agency.id, now });
    // The admin of a shipment-manager company: sees only that company's consignees and cargo.
    await tx.insert(users).values({
      agencyId: agency.id,
      kind: 'companyAdmin',
      companyId: shipmentManagers.get('Red Sea Grain Logistics') ?? null,
      // The view-only operations role: scoped to the company, so they follow their own cargo everywhere.
      roleId: role.id,
      username: 'rsgl.admin',
      email: 'faisal.alharbi@rsgl.example',
      passwordHash,
      firstName: 'Faisal',
      lastName: 'Al-Harbi',
      passwordResetAt: validUntil,
    });
    return { agencyId: agency.id, adminId: admin.id };
  });
  if (config.demoPassword) {
    log(`Created demo agency "${DEMO_AGENCY_NAME}" with users demo.admin, demo.user and rsgl.admin (password from DEMO_PASSWORD).`);
  } else {
    const file = remember(config, 'initial-demo-password.txt', demoPassword);
    log(`Created demo agency "${DEMO_AGENCY_NAME}" with users demo.admin, demo.user and rsgl.admin, password: ${demoPassword}  (also written to ${file})`);
  }
  // The season goes through the flows' services after the agency exists; a refusal leaves the agency without it.
  try {
    const season = await seedDemoSeason(db, { agencyId: demo.agencyId, userId: demo.adminId, now });
    if (season) {
      log(
        `Demo season: ${season.saleOrders} sale orders, ${season.consignments} consignments, ${season.shipments} BLs on 2 voyages, ` +
          `${season.approvals} approved out-turns, ${season.portLoadings} port loadings, ${season.loadingSlips} loading slips` +
          (season.skippedSlips > 0 ? ` (${season.skippedSlips} planned trips left out: no truck and driver the rules allow at that time)` : '') +
          `; ${season.warehouse.warehouseIns} warehouse ins, ${season.warehouse.consigneeIns} consignee ins, ${season.warehouse.customerIns} customer ins, ` +
          `${season.warehouse.preOuts} pre outs, ${season.warehouse.warehouseOuts} warehouse outs, ${season.warehouse.consigneeOuts} consignee outs, ${season.warehouse.onTheRoad} trucks still on the road; ` +
          `${season.adjustments.loans} loans, ${season.adjustments.ownershipTransfers} ownership transfers, ${season.adjustments.siloTransfers} silo transfers, ` +
          `${season.adjustments.handlingLosses} handling losses, ${season.adjustments.handlingExcesses} handling excesses, ` +
          `${season.adjustments.warehouseTransfers} warehouse transfers (${season.adjustments.warehouseTransfersReceived} received), ` +
          `${season.adjustments.sales} consignee to customer sales, ${season.adjustments.consigneeTransfers} consignee transfers, ` +
          `${season.adjustments.cargoSwaps} cargo swaps.` +
          (season.asOf.getTime() === now.getTime() ? '' : ` Dated as of ${season.asOf.toISOString()}, the end of yesterday: the season is written for a day under way at 11:00.`),
      );
    }
  } catch (error) {
    log(`The demo season was not created: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { adminCreated: true, demoCreated: true };
}

/** The demo agency's id, if it exists. */
export async function findDemoAgency(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, DEMO_AGENCY_NAME)).limit(1);
  return row?.id ?? null;
}
