import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { berthResource, driverResource, portResource, transporterResource, truckResource } from '@tonnage/contracts';
import { act } from '@testing-library/react';
import { loadTestLanguage } from '../../test/i18n';
import { ResourceList } from './ResourceList';
import { apiRow, json, mockFetch, openOptions, renderPage, urlOf } from './resource-test-utils';


vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('./test-session')).sessionModule,
}));

const ports = [apiRow(1, { name: 'Jeddah Islamic Port', code: 'SAJED', countryCode: 'SA', latitude: 21.4858, longitude: 39.1925 })];
const berths = [apiRow(3, { name: 'JIP Berth 5 (bulk grain)', portId: 1, portIdName: 'Jeddah Islamic Port', maxDraft: 14 })];
const transporters = [apiRow(4, { ...Object.fromEntries(Object.keys(transporterResource.fields).map((name) => [name, null])), adminName: null, name: 'Al Safwa Transport' })];
const trucks = [apiRow(7, { plateNumber: 'JED 4821', transporterId: 4, transporterIdName: 'Al Safwa Transport', tareWeight: 14.5, capacity: 38 })];

function answerLists() {
  return mockFetch((url) => {
    if (url.pathname === '/api/port') return json({ rows: ports, count: ports.length });
    if (url.pathname === '/api/berth') return json({ rows: berths, count: berths.length });
    if (url.pathname === '/api/truck') return json({ rows: trucks, count: trucks.length });
    if (url.pathname === '/api/transporter') return json({ rows: transporters, count: transporters.length });
    return undefined;
  });
}

const headers = () => [...document.querySelectorAll('thead th')].map((cell) => cell.textContent ?? '');
const listCalls = (fetch: ReturnType<typeof answerLists>, path: string) =>
  fetch.mock.calls.map(([input]) => new URL(urlOf(input), 'http://localhost')).filter((url) => url.pathname === path);

describe('ResourceList', () => {
  beforeEach(() => loadTestLanguage('en'));
  afterEach(() => vi.restoreAllMocks());

  it('shows the declared columns with their English labels and the rows of the list endpoint', async () => {
    answerLists();
    renderPage(<ResourceList resource={portResource} canAdd canEdit />, 'port');
    await screen.findByText('Jeddah Islamic Port');
    expect(screen.getByTestId('resource-list-title').textContent).toBe('Ports');
    expect(headers()).toEqual(expect.arrayContaining(['Name', 'UN/LOCODE', 'Country', 'Latitude', 'Longitude', 'Status', 'Actions']));
    expect(screen.getByTestId('resource-add').textContent).toContain('Add Port');
    expect(screen.getByTestId('resource-cell-latitude').textContent).toBe('21.485800');
  });

  it('shows the Arabic labels of the declaration in Arabic', async () => {
    await loadTestLanguage('ar');
    answerLists();
    renderPage(<ResourceList resource={portResource} canAdd={false} canEdit={false} />, 'port');
    await screen.findByText('Jeddah Islamic Port');
    expect(screen.getByTestId('resource-list-title').textContent).toBe('الموانئ');
    expect(headers()).toEqual(expect.arrayContaining(['الاسم', 'رمز الأمم المتحدة للموقع', 'الدولة']));
    // Without the add and edit flags there is no add button, no actions and the status cannot be changed.
    expect(screen.queryByTestId('resource-add')).toBeNull();
    expect(screen.queryByTestId('resource-edit')).toBeNull();
    expect(screen.getByTestId('resource-status-toggle').hasAttribute('disabled')).toBe(true);
  });

  it('sends the search only once more than 2 characters are typed', async () => {
    const fetch = answerLists();
    renderPage(<ResourceList resource={portResource} canAdd canEdit />, 'port');
    await screen.findByText('Jeddah Islamic Port');
    const search = screen.getByTestId('resource-search');
    fireEvent.change(search, { target: { value: 'Je' } });
    await screen.findByTestId('resource-search-hint');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(listCalls(fetch, '/api/port').every((url) => !url.searchParams.has('search'))).toBe(true);

    fireEvent.change(search, { target: { value: 'Jed' } });
    await waitFor(() => expect(listCalls(fetch, '/api/port').some((url) => url.searchParams.get('search') === 'Jed')).toBe(true));
    const last = listCalls(fetch, '/api/port').at(-1);
    expect(last?.searchParams.get('page')).toBe('1');
    expect(last?.searchParams.get('limit')).toBe('20');
    expect(last?.searchParams.get('sortBy')).toBe('name');
  });

  it('shows quantities with 3 decimals and MT', async () => {
    answerLists();
    renderPage(<ResourceList resource={truckResource} canAdd canEdit />, 'Truck');
    await screen.findByText('JED 4821');
    expect(headers()).toEqual(expect.arrayContaining(['Plate number', 'Transporter', 'Tare weight (MT)', 'Capacity (MT)']));
    expect(screen.getByTestId('resource-cell-transporterId').textContent).toBe('Al Safwa Transport');
    expect(screen.getByTestId('resource-cell-tareWeight').textContent).toBe('14.500 MT');
    expect(screen.getByTestId('resource-cell-capacity').textContent).toBe('38.000 MT');
  });

  it('shows a date as DD-MMM-YYYY', async () => {
    const drivers = [apiRow(5, { transporterId: 4, transporterIdName: 'Al Safwa Transport', name: 'Imran Khan', licenceNumber: 'SA-DL-7719004', licenceExpiry: '2027-09-30', idNumber: null, phone: null, photo: null })];
    mockFetch((url) => (url.pathname === '/api/driver' ? json({ rows: drivers, count: 1 }) : url.pathname === '/api/transporter' ? json({ rows: transporters, count: 1 }) : undefined));
    renderPage(<ResourceList resource={driverResource} canAdd canEdit />, 'driver');
    await screen.findByText('Imran Khan');
    expect(screen.getByTestId('resource-cell-licenceExpiry').textContent).toBe('30-Sep-2027');
    expect(screen.getByTestId('resource-filter-licenceExpiry')).toBeTruthy();
  });

  it('shows a reference by its name and filters by the active rows of the referenced resource', async () => {
    const fetch = answerLists();
    renderPage(<ResourceList resource={berthResource} canAdd canEdit />, 'berth');
    await screen.findByText('JIP Berth 5 (bulk grain)');
    expect(screen.getByTestId('resource-cell-portId').textContent).toBe('Jeddah Islamic Port');
    expect(screen.getByTestId('resource-cell-maxDraft').textContent).toBe('14.00 m');
    expect(await openOptions('resource-filter')).toEqual(['Jeddah Islamic Port']);
    expect(listCalls(fetch, '/api/port').at(-1)?.searchParams.get('status')).toBe('active');
    fireEvent.click(screen.getByText('Jeddah Islamic Port', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(listCalls(fetch, '/api/berth').some((url) => url.searchParams.get('portId') === '1')).toBe(true));
  });

  async function deletePort(answer: () => Response) {
    const fetch = mockFetch((url, init) => {
      if (url.pathname === '/api/port/1' && init?.method === 'DELETE') return answer();
      if (url.pathname === '/api/port') return json({ rows: ports, count: ports.length });
      return undefined;
    });
    renderPage(<ResourceList resource={portResource} canAdd canEdit />, 'port');
    await screen.findByText('Jeddah Islamic Port');
    fireEvent.click(screen.getByTestId('resource-delete'));
    const yes = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>('.ant-popconfirm .ant-btn-dangerous');
      if (!button) throw new Error('no confirm yet');
      return button;
    });
    await act(async () => {
      fireEvent.click(yes);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    return fetch;
  }

  const inUse = (details: Record<string, string>) => () =>
    json({ message: 'This record is used by 3 berths; deactivate it instead.', code: 'RECORD_IN_USE', details }, 409);

  it('words the refusal to delete a row in use from the using resources’ labels', async () => {
    await deletePort(inUse({ berth: '3' }));
    expect((await screen.findByTestId('resource-delete-refused')).textContent).toBe('This record is used by 3 berths; deactivate it instead.');
  });

  it('uses the singular label for one use and lists several resources', async () => {
    await deletePort(inUse({ berth: '1', destination: '2' }));
    expect((await screen.findByTestId('resource-delete-refused')).textContent).toBe('This record is used by 1 berth and 2 destinations; deactivate it instead.');
  });

  it('words the refusal in Arabic from the Arabic labels', async () => {
    await loadTestLanguage('ar');
    await deletePort(inUse({ berth: '3', destination: '1' }));
    expect((await screen.findByTestId('resource-delete-refused')).textContent).toBe('هذا السجل مستخدم في الأرصفة (3) ووجهة (1)؛ قم بإلغاء تفعيله بدلاً من حذفه.');
  });

  it('shows a derived column and an image as a round thumbnail', async () => {
    const transporterRows = [apiRow(4, { ...Object.fromEntries(Object.keys(transporterResource.fields).map((name) => [name, null])), name: 'Al Safwa Transport', adminName: 'Omar Haddad' })];
    const drivers = [
      apiRow(5, { transporterId: 4, transporterIdName: 'Al Safwa Transport', name: 'Imran Khan', licenceNumber: 'SA-DL-1', licenceExpiry: null, idNumber: null, phone: null, photo: 'drivers/2026/11/0b7f3c1e-2f4a-4c55-9a8e-1d2c3b4a5f60.png' }),
    ];
    mockFetch((url) => (url.pathname === '/api/transporter' ? json({ rows: transporterRows, count: 1 }) : url.pathname === '/api/driver' ? json({ rows: drivers, count: 1 }) : undefined));
    const { unmount } = renderPage(<ResourceList resource={transporterResource} canAdd canEdit />, 'transporter');
    await screen.findByText('Omar Haddad');
    expect(headers()).toContain('Company admin');
    expect(screen.getByTestId('resource-cell-adminName').textContent).toBe('Omar Haddad');
    unmount();
    renderPage(<ResourceList resource={driverResource} canAdd canEdit />, 'driver');
    await screen.findByText('Imran Khan');
    const thumbnail = screen.getByTestId('resource-thumbnail');
    expect(thumbnail.className).toContain('ant-avatar-circle');
    expect(thumbnail.querySelector('img')?.getAttribute('src')).toBe('/api/files/drivers/2026/11/0b7f3c1e-2f4a-4c55-9a8e-1d2c3b4a5f60.png');
  });

  it('offers the import next to the export only with the add flag', async () => {
    answerLists();
    const { unmount } = renderPage(<ResourceList resource={portResource} canAdd canEdit />, 'port');
    await screen.findByText('Jeddah Islamic Port');
    expect(screen.getByTestId('resource-import').closest('a')?.getAttribute('href')).toBe('/agencies/1/port/import');
    unmount();
    renderPage(<ResourceList resource={portResource} canAdd={false} canEdit />, 'port');
    await screen.findByText('Jeddah Islamic Port');
    expect(screen.queryByTestId('resource-import')).toBeNull();
    expect(screen.getByTestId('resource-export')).toBeTruthy();
  });
});
