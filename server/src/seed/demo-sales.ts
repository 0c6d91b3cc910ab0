import { COMPANY_TYPE_IDS, kgToTonnes, tonnesToKg, ZConsigneeToCustomerInput, ZConsigneeTransferInput, ZDeliveryInInput, type TStockPosition } from '@tonnage/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DataScope } from '../identity/data-scope';
import { queryRows, type Db } from '../platform/db/client';
import { columnOf, companies, locations } from '../modules/master-data/master-data.schema';
import { createDeliveryIn } from '../modules/receiving/delivery-in.service';
import { consigneeTransferPositions, createConsigneeTransfer } from '../modules/ownership-transfer/ownership-transfer.service';
import { createSale, saleCustomers, salePositions } from '../modules/sales/sales.service';
import { consigneeToShipmentManagerLoans as loans } from '../modules/loans/loans.schema';

/*
 * The demo's sales and consignee transfer (issue 14), through their services as the agency admin, unrestricted, after
 * the loans and transfers in place: a consignee sells part of its largest warehouse position to a customer; the
 * shipment manager sells part of what it holds after the demo's loan (demo-loans.ts) to another customer; at a
 * consignee's mill, part of its stock becomes another consignee's (of the same shipment manager where there is one).
 * One sale goes by truck (a movement, issue 14): its transfer slip to the Makkah bakery store, received there by
 * Customer In.
 */

const UNRESTRICTED: DataScope = { shipmentManagerIds: null, consigneeIds: null, locationIds: null };
const HOUR = 60 * 60_000;
const col = columnOf;

/** What was done, for the first run's log line and the tests. */
export interface DemoSales {
  sales: number;
  /** Of them, delivered by truck on a transfer slip and received at the customer's store (Customer In). */
  salesDelivered: number;
  consigneeTransfers: number;
}

const largest = (positions: readonly TStockPosition[]) => [...positions].sort((a, b) => (tonnesToKg(b.usable) > tonnesToKg(a.usable) ? 1 : tonnesToKg(b.usable) < tonnesToKg(a.usable) ? -1 : 0))[0];

/** A tenth of a quantity in whole tonnes, between 1 and `cap` MT. */
const tenth = (usable: string, cap: bigint) => {
  const kg = (tonnesToKg(usable) / 10n / 1000n) * 1000n;
  return kgToTonnes(kg > cap ? cap : kg < 1_000n ? 1_000n : kg);
};

export async function seedDemoSales(tx: Db, params: { agencyId: number; userId: number; now: Date }): Promise<DemoSales> {
  const { agencyId, userId, now } = params;
  const actorAt = (at: Date) => ({ agencyId, userId, scope: UNRESTRICTED, now: at, lang: 'en' as const });
  const done: DemoSales = { sales: 0, salesDelivered: 0, consigneeTransfers: 0 };
  const parties = await tx
    .select({ id: col(companies, 'id'), type: col(companies, 'companyTypeId'), shipmentManagerId: col(companies, 'shipmentManagerId') })
    .from(companies)
    .where(and(eq(col(companies, 'agencyId'), agencyId), eq(col(companies, 'isActive'), true)))
    .orderBy(asc(col(companies, 'name')));
  const typeOf = new Map(parties.map((c) => [Number(c.id), Number(c.type)]));
  const customers = await saleCustomers(tx, { agencyId, scope: UNRESTRICTED });

  const positions = await salePositions(tx, { agencyId, scope: UNRESTRICTED });
  const sell = async (position: TStockPosition | undefined, customer: { id: number } | undefined, cap: bigint, hoursAgo: number, remarks: string) => {
    if (!position || !customer || tonnesToKg(position.usable) < 2_000n) return;
    const { warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId } = position;
    await createSale(tx, {
      ...actorAt(new Date(now.getTime() - hoursAgo * HOUR)),
      input: ZConsigneeToCustomerInput.parse({ warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId, customerId: customer.id, quantity: tenth(position.usable, cap), remarks }),
    });
    done.sales += 1;
  };
  // A consignee sells part of its largest warehouse position to the first customer.
  await sell(
    largest(positions.filter((p) => typeOf.get(p.ownerCompanyId) === COMPANY_TYPE_IDS.consignee)),
    customers[0],
    20_000n,
    5,
    'Sold in store to the customer',
  );
  // The shipment manager sells part of what it holds at the position of the demo's loan (the cargo lent to it) to another customer.
  const [loan] = await tx.select().from(loans).where(and(eq(loans.agencyId, agencyId), eq(loans.status, 'Active'))).orderBy(desc(loans.id)).limit(1);
  const held = positions.filter((p) => typeOf.get(p.ownerCompanyId) === COMPANY_TYPE_IDS.shipmentManager);
  const lent = loan
    ? held.find((p) => p.warehouseId === loan.locationId && p.siloId === loan.siloId && p.ownerCompanyId === loan.borrowerCompanyId && p.consignmentId === loan.consignmentId && p.cargoTypeId === loan.cargoTypeId && p.voyageId === loan.voyageId && p.attachedVoyageId === loan.attachedVoyageId)
    : undefined;
  await sell(
    lent ?? largest(held),
    customers[1] ?? customers[0],
    5_000n,
    1,
    'Sold on by the shipment manager',
  );

  // Four hours ago a consignee sold 25 MT delivered by truck to the customer's store in Makkah, received two hours later.
  const [store] = await tx
    .select({ id: col(locations, 'id'), customerId: col(locations, 'customerId') })
    .from(locations)
    .where(and(eq(col(locations, 'agencyId'), agencyId), eq(col(locations, 'name'), 'Makkah Central Bakery Store')));
  const [crew] = await queryRows<{ truck_id: number; driver_id: number }>(
    tx,
    sql`select t.id as truck_id, d.id as driver_id from trucks t join drivers d on d.agency_id = t.agency_id where t.agency_id = ${agencyId} and t.plate_number = 'RUH 1190' and d.name = 'Fahad Al-Mutairi' limit 1`,
  );
  const stock = largest((await salePositions(tx, { agencyId, scope: UNRESTRICTED })).filter((p) => typeOf.get(p.ownerCompanyId) === COMPANY_TYPE_IDS.consignee && tonnesToKg(p.usable) >= 25_000n));
  if (store?.customerId != null && crew && stock) {
    const { warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId } = stock;
    const sale = await createSale(tx, {
      ...actorAt(new Date(now.getTime() - 4 * HOUR)),
      input: ZConsigneeToCustomerInput.parse({
        warehouseId,
        siloId,
        ownerCompanyId,
        consignmentId,
        cargoTypeId,
        voyageId,
        attachedVoyageId,
        customerId: Number(store.customerId),
        quantity: '25.000',
        remarks: 'Sold delivered to the bakery store',
        movement: { toLocationId: Number(store.id), truckId: Number(crew.truck_id), driverId: Number(crew.driver_id), wbtNumber: 'SALE-MKK-0101' },
      }),
    });
    done.sales += 1;
    if (sale.delivery) {
      await createDeliveryIn(tx, 'customerIn', actorAt(new Date(now.getTime() - 2 * HOUR)), ZDeliveryInInput.parse({ slipKind: 'transferSlip', slipId: sale.delivery.slipId, wbtNumber: 'MAKKAH-5322', quantity: '24.980' }));
      done.salesDelivered += 1;
    }
  }

  // At a consignee's site, part of its stock becomes another consignee's (the same shipment manager's if any).
  const site = largest(await consigneeTransferPositions(tx, { agencyId, scope: UNRESTRICTED }));
  if (site && tonnesToKg(site.usable) >= 2_000n) {
    const owner = parties.find((c) => Number(c.id) === site.ownerCompanyId);
    const consignees = parties.filter((c) => Number(c.type) === COMPANY_TYPE_IDS.consignee && Number(c.id) !== site.ownerCompanyId);
    const to = consignees.find((c) => owner?.shipmentManagerId != null && c.shipmentManagerId === owner.shipmentManagerId) ?? consignees[0];
    if (to) {
      const { warehouseId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId } = site;
      await createConsigneeTransfer(tx, {
        ...actorAt(new Date(now.getTime() - 3 * HOUR)),
        input: ZConsigneeTransferInput.parse({ locationId: warehouseId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId, toOwnerCompanyId: Number(to.id), quantity: tenth(site.usable, 10_000n), remarks: 'Handed to the sister mill at the gate' }),
      });
      done.consigneeTransfers += 1;
    }
  }
  return done;
}
