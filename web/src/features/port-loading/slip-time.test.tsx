import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { TLoadingSlip } from '@tonnage/contracts';
import { formatDateTimeIn } from '../../app/format';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage, tableRowOf } from '../../components/resources/resource-test-utils';
import { setTestSession } from '../../components/resources/test-session';
import LoadingSlipListPage from './LoadingSlipListPage';
import { slipLines } from './LoadingSlipPrintPage';
import { testAgencyData } from '../../components/resources/test-agency';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

const trail = { status: 'Active' as const, createdAt: '2026-11-21T08:00:00.000Z', createdBy: 'Lina', updatedAt: null, updatedBy: null, reversedAt: null, reversedBy: null, reverseReason: null };

// Loaded at 11:17 UTC: 14:17 in Riyadh, the agency's zone; 06:17 in New York, the "browser's" zone below.
const slip: TLoadingSlip = {
  id: 5,
  slipNumber: 1208,
  portLoadingId: 3,
  tripId: 9,
  voyageId: 4,
  vesselName: 'DESERT FALCON',
  voyageNumber: 'V-7',
  consignmentId: 8,
  lcPoNumber: 'LC-100',
  blConsigneeName: 'Arabian Milling',
  cargoTypeName: 'Wheat',
  portName: 'Jeddah',
  transportationType: 'warehouse',
  toLocationId: 2,
  toLocationName: 'Jeddah Grain Terminal',
  transporterKind: 'company',
  transporterId: 6,
  transporterName: 'Najd Haulage',
  truckId: 7,
  truckPlate: 'RUH 1190',
  driverId: 8,
  driverName: 'Fahad',
  wbtNumber: 'JIP-1208',
  quantity: '37.050',
  loadedAt: '2026-11-21T11:17:00.000Z',
  remarks: null,
  received: false,
  receivedTable: null,
  receivedAt: null,
  ...trail,
};

const agencyData = testAgencyData();

const browserZone = process.env.TZ;

beforeAll(async () => {
  await loadTestLanguage('en');
});

afterEach(async () => {
  vi.restoreAllMocks();
  process.env.TZ = browserZone;
  await loadTestLanguage('en');
});

describe('slip times on the agency’s clock', () => {
  it('formats an instant in the given zone whatever the browser’s zone', () => {
    process.env.TZ = 'America/New_York';
    expect(formatDateTimeIn(slip.loadedAt, 'Asia/Riyadh')).toBe('21-Nov-2026 14:17');
    expect(formatDateTimeIn(slip.loadedAt, 'UTC')).toBe('21-Nov-2026 11:17');
    expect(formatDateTimeIn(null, 'Asia/Riyadh')).toBe('');
  });

  it('shows the slip list’s loading time in the agency’s zone, as its PDF does, not the browser’s', async () => {
    process.env.TZ = 'America/New_York';
    setTestSession();
    mockFetch((url) => {
      if (url.pathname === '/api/loadingSlips') return json({ rows: [slip], count: 1, totalQuantity: '37.050' });
      if (url.pathname === '/api/agencies/1/agencyData') return json(agencyData);
      return undefined;
    });
    renderPage(<LoadingSlipListPage />, 'loadingSlips');
    const row = tableRowOf(await screen.findByText('JIP-1208'));
    await waitFor(() => expect(within(row).getByText('21-Nov-2026 14:17')).toBeTruthy());
    expect(within(row).queryByText('21-Nov-2026 06:17')).toBeNull();
  });

  it('prints the slip’s time with the formatter it is given (the agency’s)', () => {
    process.env.TZ = 'America/New_York';
    const lines = slipLines(slip, (key) => key, (value) => formatDateTimeIn(value, 'Asia/Riyadh'));
    expect(lines).toContainEqual(['portLoading.dateTime', '21-Nov-2026 14:17']);
  });
});
