import type { TAgencyData } from '@tonnage/contracts';

/**
 * The agency data (`GET /api/agencies/1/agencyData`) for component tests: the demo agency on Riyadh time with no
 * locations, cargo or companies unless a test gives them.
 */
export function testAgencyData(overrides: Partial<Omit<TAgencyData, 'agency'>> = {}): TAgencyData {
  return {
    agency: {
      id: 1,
      name: 'Red Sea Bulk Agency',
      logo: null,
      timezone: 'Asia/Riyadh',
      countryCode: 'SA',
      address: null,
      contactName: null,
      contactEmail: null,
      contactPhone: null,
      isActive: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
    Locations: [],
    Cargo: [],
    Companies: [],
    Timezone: [],
    ...overrides,
  };
}
