import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { berthResource, driverResource, transporterResource, truckResource } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { ResourceForm } from './ResourceForm';
import { apiRow, json, mockFetch, openOptions, renderPage, urlOf } from './resource-test-utils';

const ports = [apiRow(1, { name: 'Jeddah Islamic Port', code: 'SAJED', countryCode: 'SA', latitude: null, longitude: null }), apiRow(2, { name: 'Yanbu Commercial Port', code: 'SAYNB', countryCode: 'SA', latitude: null, longitude: null })];

const transporters = [apiRow(4, { ...Object.fromEntries(Object.keys(transporterResource.fields).map((name) => [name, null])), name: 'Al Safwa Transport' })];
const answerTransporters = (url: URL) => (url.pathname === '/api/transporter' ? json({ rows: transporters, count: transporters.length }) : undefined);

async function chooseTransporter() {
  await openOptions('resource-form-transporterId');
  fireEvent.click(screen.getByText('Al Safwa Transport', { selector: '.ant-select-item-option-content' }));
}

const inputOf = (testId: string) => {
  const element = screen.getByTestId(testId);
  return element instanceof HTMLInputElement ? element : (element.querySelector('input') as HTMLInputElement);
};

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByTestId('resource-submit'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('ResourceForm', () => {
  beforeEach(() => loadTestLanguage('en'));
  afterEach(() => vi.restoreAllMocks());

  it('lays out the declared sections and offers the active rows of the referenced resource', async () => {
    const fetch = mockFetch((url) => (url.pathname === '/api/port' ? json({ rows: ports, count: ports.length }) : undefined));
    renderPage(<ResourceForm resource={berthResource} row={null} onSaved={() => undefined} onCancel={() => undefined} />, 'berth/add');
    expect(screen.getByText('Details')).toBeTruthy();
    expect(screen.getByText('Maximum draft (m)')).toBeTruthy();
    expect(await openOptions('resource-form-portId')).toEqual(['Jeddah Islamic Port', 'Yanbu Commercial Port']);
    const asked = new URL(urlOf(fetch.mock.calls[0]?.[0]), 'http://localhost');
    expect(asked.pathname).toBe('/api/port');
    expect(asked.searchParams.get('status')).toBe('active');
  });

  it('refuses an empty required field with the declared message', async () => {
    mockFetch((url) => (url.pathname === '/api/port' ? json({ rows: ports, count: ports.length }) : undefined));
    const onSaved = vi.fn();
    renderPage(<ResourceForm resource={berthResource} row={null} onSaved={onSaved} onCancel={() => undefined} />, 'berth/add');
    await submit();
    await screen.findByText('Please input name!');
    await screen.findByText('Please select port!');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('sends every field and shows a server 400 field error on its field', async () => {
    const fetch = mockFetch((url, init) =>
      url.pathname === '/api/truck' && init?.method === 'POST'
        ? json({ message: 'Validation failed', code: 'VALIDATION', details: { plateNumber: 'This plate number is already used by another record.' } }, 400)
        : answerTransporters(url),
    );
    const onSaved = vi.fn();
    renderPage(<ResourceForm resource={truckResource} row={null} onSaved={onSaved} onCancel={() => undefined} />, 'Truck/add');
    expect(screen.getAllByText('MT').length).toBe(2);
    fireEvent.change(inputOf('resource-form-plateNumber'), { target: { value: 'jed 1' } });
    await chooseTransporter();
    fireEvent.change(inputOf('resource-form-tareWeight'), { target: { value: '14.5' } });
    fireEvent.change(inputOf('resource-form-capacity'), { target: { value: '40' } });
    await submit();
    const posted = () => fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    await waitFor(() => expect(posted()).toBeTruthy());
    const [, init] = posted() ?? [];
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toEqual({ plateNumber: 'JED 1', transporterId: 4, tareWeight: 14.5, capacity: 40 });
    await screen.findByText('This plate number is already used by another record.');
    const item = screen.getByText('This plate number is already used by another record.').closest('.ant-form-item');
    expect(item?.querySelector('[data-testid=resource-form-plateNumber]')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('edits a date field with a DD-MMM-YYYY picker and sends the ISO date', async () => {
    const driver = apiRow(9, { transporterId: 4, transporterIdName: 'Al Safwa Transport', name: 'Fahad Al-Mutairi', licenceNumber: 'SA-DL-1', licenceExpiry: '2029-01-21', idNumber: null, phone: null });
    const fetch = mockFetch((url, init) => (url.pathname === '/api/driver/9' && init?.method === 'PUT' ? json(driver) : answerTransporters(url)));
    const onSaved = vi.fn();
    renderPage(<ResourceForm resource={driverResource} row={driver} onSaved={onSaved} onCancel={() => undefined} />, 'driver/9/edit');
    const picker = inputOf('resource-form-licenceExpiry');
    expect(picker.value).toBe('21-Jan-2029');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: '05-Mar-2030' } });
    fireEvent.keyDown(picker, { key: 'Enter', code: 'Enter' });
    await submit();
    const put = () => fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    await waitFor(() => expect(put()).toBeTruthy());
    const [, init] = put() ?? [];
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toMatchObject({ licenceExpiry: '2030-03-05', transporterId: 4 });
  });

  it('shows the labels and the field messages of the declaration in Arabic', async () => {
    await loadTestLanguage('ar');
    mockFetch((url, init) =>
      url.pathname === '/api/truck' && init?.method === 'POST'
        ? json({ message: 'Validation failed', code: 'VALIDATION', details: { tareWeight: 'Tare weight (MT) must be at most 100' } }, 400)
        : answerTransporters(url),
    );
    renderPage(<ResourceForm resource={truckResource} row={null} onSaved={() => undefined} onCancel={() => undefined} />, 'Truck/add');
    expect(screen.getByText('رقم اللوحة')).toBeTruthy();
    expect(screen.getByText('الوزن الفارغ (طن)')).toBeTruthy();
    await submit();
    await screen.findByText('يرجى إدخال رقم اللوحة!');
    fireEvent.change(inputOf('resource-form-plateNumber'), { target: { value: 'JED 2' } });
    await chooseTransporter();
    fireEvent.change(inputOf('resource-form-tareWeight'), { target: { value: '15' } });
    fireEvent.change(inputOf('resource-form-capacity'), { target: { value: '40' } });
    await submit();
    await screen.findByText('يجب ألا يزيد الوزن الفارغ (طن) عن 100');
  });
});
