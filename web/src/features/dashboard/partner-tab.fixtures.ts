import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tripListCursor, type TAgencyCompany, type TAgencyLocation, type TPartnerInQtyRow, type TPartnerOutQtyRow, type TPartnerStats, type TPartnerTripRow } from '@tonnage/contracts';
import { testAgencyData } from '../../components/resources/test-agency';

/** What the Consignee and Customer tabs' tests serve and how they pick a partner. */

const company = (id: number, name: string, companyTypeId: number, ShipmentManagerId: number | null = null): TAgencyCompany => ({
  id,
  name,
  companyTypeId,
  CompanyType: { id: companyTypeId, name: String(companyTypeId) },
  adminId: null,
  ShipmentManagerId,
});
const site = (id: number, name: string, fields: Partial<TAgencyLocation>): TAgencyLocation => ({
  id,
  name,
  locationKindId: 2,
  storageTypeId: 2,
  customerId: null,
  consigneeId: null,
  Silo: [],
  shipmentManagerIds: [],
  latitude: null,
  longitude: null,
  ...fields,
});

export const partnerAgencyData = testAgencyData({
  Locations: [site(20, 'AMC Riyadh Mill', { consigneeId: 3 }), site(21, 'Makkah Bakery Store', { customerId: 6 })],
  Cargo: [],
  Companies: [company(3, 'Arabian Milling Company', 3, 5), company(4, 'Hejaz Flour Mills', 3, 5), company(5, 'Red Sea Grain Logistics', 5), company(6, 'Makkah Bakeries', 6)],
  Timezone: [],
});

export const partnerStats = (name: string, locationId: number): TPartnerStats => ({
  tableRows: [{ locationId, name, quantity: '68.600', tripsIn: 2, tripsInQty: '68.600', tripsOut: 1, tripsOutQty: '12.000', inTransitQty: '34.310' }],
  chartData: [{ locationId, name, quantity: '68.600' }],
  overAllQuantityInConsigneeLocs: '68.600',
  overAllQuantityInCustomerLocs: '0.000',
  consigneeLocationQty: [{ locationId, name, quantity: '68.600' }],
  customerLocationQty: [],
});

export const tripRow = (fields: Partial<TPartnerTripRow>): TPartnerTripRow => ({
  tripId: 1,
  type: 'port',
  slipNumber: '1001',
  date: '2026-11-25T08:00:00.000Z',
  truck: 'ABC 1234',
  source: 'Jeddah Islamic Port',
  destination: '',
  toConsignee: null,
  consignmentId: 1,
  LCPONumber: 'LC-NCB-2026-0412',
  refNumber: 'AMC/IMP/26/031',
  vesselVoyage: 'MV Nile Harvest / 2611',
  cargo: 'Wheat',
  siloId: null,
  quantity: '34.300',
  inTransitQty: '0.000',
  pending: false,
  ...fields,
});

export const inRow: TPartnerInQtyRow = {
  source: 'port',
  consignmentId: 1,
  LCPONumber: 'LC-NCB-2026-0412',
  refNumber: 'AMC/IMP/26/031',
  vesselVoyage: 'MV Nile Harvest / 2611',
  cargo: 'Wheat',
  trips: 2,
  quantity: '68.600',
  inQty: '68.550',
  transitLossQty: '0.050',
  inTransitQty: '34.310',
};
export const outRow: TPartnerOutQtyRow = {
  type: 'consigneeOut',
  consignmentId: 1,
  LCPONumber: 'LC-NCB-2026-0412',
  refNumber: 'AMC/IMP/26/031',
  vesselVoyage: 'MV Nile Harvest / 2611',
  cargo: 'Wheat',
  toConsignee: 'Makkah Bakeries',
  To_LCPONumber: null,
  To_refNumber: null,
  trips: 1,
  outQty: '12.000',
  inTransitQty: '12.000',
};

/** Opens a select by its test id and clicks the option whose text starts with `label`. */
export async function pick(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) => (item.textContent ?? '').startsWith(label));
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}


/**
 * A trucks list's page as the server gives it (trip-list-pages.ts): the `limit` rows after the row `before` names
 * (`tripListCursor`), the first rows without one; `rows` newest first.
 */
export function pageAfter<T extends { date: string; tripId: number | null }>(rows: readonly T[], before: string | null | undefined, limit: number): T[] {
  const from = before === null || before === undefined ? 0 : rows.findIndex((row) => tripListCursor(row) === before) + 1;
  return rows.slice(from, from + limit);
}
