import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MAP_POINT_COLORS, MAP_POINT_KINDS, type TMapPoint } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, renderPage, urlOf } from '../../components/resources/resource-test-utils';
import { fullAr, fullEn } from '../../locales/full';
import MapTab from './MapTab';
import { pinMarkup } from './map-pin';

// Leaflet needs a real layout engine: the map itself is tried in the browser test (e2e/specs/dashboard-map.spec.ts).
vi.mock('./DashboardMap', () => ({
  default: ({ points }: { points: readonly TMapPoint[] }) => (
    <ul data-testid="fake-map">
      {points.map((point) => (
        <li key={`${point.kind}-${point.id}`} data-color={point.color}>
          {point.name}
        </li>
      ))}
    </ul>
  ),
}));

beforeAll(async () => {
  await loadTestLanguage('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await loadTestLanguage('en');
});

const points: TMapPoint[] = [
  { kind: 'customerHeadquarter', id: 4, name: 'Makkah Bakeries', latitude: 21.39, longitude: 39.86, color: MAP_POINT_COLORS.customerHeadquarter },
  { kind: 'warehouse', id: 4, name: 'Jeddah Grain Terminal', latitude: 21.48, longitude: 39.17, color: MAP_POINT_COLORS.warehouse },
];

describe('the Map tab', () => {
  it('asks for the points, hands them to the map, and shows the legend of five kinds in order', async () => {
    const fetch = mockFetch((url) => (url.pathname === '/api/dashboard/map' ? json(points) : undefined));
    renderPage(<MapTab />);
    const map = await screen.findByTestId('fake-map');
    await waitFor(() => expect(within(map).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Makkah Bakeries', 'Jeddah Grain Terminal']));
    expect(fetch.mock.calls.some(([input]) => urlOf(input).includes('/api/dashboard/map'))).toBe(true);
    const legend = screen.getByTestId('dashboard-map-legend');
    expect(within(legend).getAllByRole('listitem').map((item) => item.getAttribute('data-kind'))).toEqual([...MAP_POINT_KINDS]);
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(MAP_POINT_KINDS.map((kind) => fullEn.translation.dashboardMap.kinds[kind]));
    expect(screen.queryByTestId('dashboard-map-empty')).toBeNull();
  });

  it('speaks Arabic, and says so when no place has coordinates', async () => {
    await loadTestLanguage('ar');
    mockFetch((url) => (url.pathname === '/api/dashboard/map' ? json([]) : undefined));
    renderPage(<MapTab />);
    expect(await screen.findByText(fullAr.translation.dashboardMap.empty)).toBeTruthy();
    const legend = screen.getByTestId('dashboard-map-legend');
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(MAP_POINT_KINDS.map((kind) => fullAr.translation.dashboardMap.kinds[kind]));
  });

  it('draws a pin with no address in it: inline SVG in the kind colour', () => {
    const markup = pinMarkup(MAP_POINT_COLORS.warehouse);
    expect(markup.startsWith('<svg')).toBe(true);
    expect(markup).toContain(`fill="${MAP_POINT_COLORS.warehouse}"`);
    expect(markup).not.toMatch(/https?:|url\(|href/);
  });
});
