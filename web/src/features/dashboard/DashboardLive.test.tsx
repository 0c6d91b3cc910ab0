import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { SocketEvents } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { DashboardFlags, DashboardFlagsContext, dashboardKey, flaggedTabOf, type EventSource } from '../../app/dashboard-flags';
import { mockFetch, json } from '../../components/resources/resource-test-utils';
import { DashboardTabs } from './DashboardPage';

// Leaflet needs a real layout engine; the Map tab is not under test here.
vi.mock('./DashboardMap', () => ({ default: () => <div data-testid="fake-map" /> }));

/** A socket stand-in: `emit` delivers an event to the listeners the flags registered. */
class FakeSocket implements EventSource {
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();
  on(event: string, listener: (payload: unknown) => void) {
    this.listeners.set(event, (this.listeners.get(event) ?? new Set()).add(listener));
  }
  off(event: string, listener: (payload: unknown) => void) {
    this.listeners.get(event)?.delete(listener);
  }
  emit(event: string, payload: unknown) {
    act(() => {
      for (const listener of this.listeners.get(event) ?? []) listener(payload);
    });
  }
  count(event: string) {
    return this.listeners.get(event)?.size ?? 0;
  }
}

beforeAll(async () => {
  await loadTestLanguage('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await loadTestLanguage('en');
});

describe('the dashboard flags', () => {
  it('recognise a dashboard event of the five types, nothing else', () => {
    for (const type of ['vessel', 'warehouse', 'consignee', 'customer', 'stats']) expect(flaggedTabOf({ statsUpdated: true, type })).toBe(type);
    expect(flaggedTabOf({ statsUpdated: true, type: 'map' })).toBeUndefined();
    expect(flaggedTabOf({ statsUpdated: false, type: 'vessel' })).toBeUndefined();
    expect(flaggedTabOf({ approvalsUpdated: true })).toBeUndefined();
    expect(flaggedTabOf(null)).toBeUndefined();
  });

  it('set a tab’s flag per event, clear it on reload, and stop listening when the socket goes', () => {
    const socket = new FakeSocket();
    const flags = new DashboardFlags();
    const stop = flags.listen(socket);
    const changes = vi.fn();
    flags.subscribe(changes);
    socket.emit(SocketEvents.events, { statsUpdated: true, type: 'warehouse' });
    socket.emit(SocketEvents.events, { statsUpdated: true, type: 'warehouse' });
    socket.emit(SocketEvents.events, { statsUpdated: true, type: 'stats' });
    expect([...flags.snapshot()]).toEqual(['warehouse', 'stats']);
    expect(changes).toHaveBeenCalledTimes(2);
    flags.clear('warehouse');
    expect([...flags.snapshot()]).toEqual(['stats']);
    stop();
    expect(socket.count(SocketEvents.events)).toBe(0);
  });
});

/** A tab's data as a dashboard tab will load it: under `dashboardKey(tab)`. */
function renderDashboard(tabs: Parameters<typeof DashboardTabs>[0]['tabs']) {
  const socket = new FakeSocket();
  const flags = new DashboardFlags();
  flags.listen(socket);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <DashboardFlagsContext.Provider value={flags}>
          <DashboardTabs tabs={tabs} />
        </DashboardFlagsContext.Provider>
      </AntApp>
    </QueryClientProvider>,
  );
  return { socket, flags, client };
}

describe('the reload banner', () => {
  it('shows on the active tab when its flag is set, reloads that tab’s queries on click and clears the flag', async () => {
    mockFetch((url) => (url.pathname === '/api/dashboard/map' ? json([]) : undefined));
    const { socket, client } = renderDashboard(['vessel', 'warehouse', 'map']);
    const loads = { vessel: 0, warehouse: 0 };
    function Probe({ tab }: { tab: 'vessel' | 'warehouse' }) {
      useQuery({ queryKey: [...dashboardKey(tab), 'figures'], queryFn: () => ++loads[tab] });
      return null;
    }
    render(
      <QueryClientProvider client={client}>
        <Probe tab="vessel" />
        <Probe tab="warehouse" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(loads).toEqual({ vessel: 1, warehouse: 1 }));
    expect(screen.queryByTestId('dashboard-reload-vessel')).toBeNull();

    socket.emit(SocketEvents.events, { statsUpdated: true, type: 'warehouse' });
    expect(screen.queryByTestId('dashboard-reload-vessel')).toBeNull();
    socket.emit(SocketEvents.events, { statsUpdated: true, type: 'vessel' });
    const banner = await screen.findByTestId('dashboard-reload-vessel');
    expect(banner.textContent).toBe('Stats updated, Reload!');

    fireEvent.click(screen.getByTestId('dashboard-reload-vessel-button'));
    await waitFor(() => expect(loads.vessel).toBe(2));
    expect(loads.warehouse).toBe(1);
    expect(screen.queryByTestId('dashboard-reload-vessel')).toBeNull();

    // Switching to the flagged warehouse tab shows its banner; the Map tab never has one.
    fireEvent.click(screen.getByTestId('dashboard-tab-warehouse'));
    expect(await screen.findByTestId('dashboard-reload-warehouse')).toBeTruthy();
    fireEvent.click(screen.getByTestId('dashboard-tab-map'));
    await waitFor(() => expect(screen.queryByTestId('dashboard-reload-warehouse')).toBeNull());
  });

  it('says it in Arabic', async () => {
    await loadTestLanguage('ar');
    const { socket } = renderDashboard(['stats']);
    socket.emit(SocketEvents.events, { statsUpdated: true, type: 'stats' });
    expect((await screen.findByTestId('dashboard-reload-stats')).textContent).toBe('تم تحديث الإحصاءات، إعادة التحميل!');
  });
});
