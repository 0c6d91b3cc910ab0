import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { siloResource, truckResource } from '@tonnage/contracts';
import { loadTestLanguage } from '../../test/i18n';
import { importErrorLines, isImportFileName, ResourceImport } from './ResourceImport';
import { json, mockFetch, renderPage, urlOf } from './resource-test-utils';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('./test-session')).sessionModule,
}));

const rejected = {
  message: 'Nothing was imported: 2 rows have errors.',
  code: 'VALIDATION',
  details: { '3.plateNumber': 'Please input plate number!', '5.tareWeight': 'Tare weight (MT) must be at most 100', '5._': 'This row repeats row 3.' },
  rows: [
    { row: 5, errors: { tareWeight: 'Tare weight (MT) must be at most 100', _: 'This row repeats row 3.' } },
    { row: 3, errors: { plateNumber: 'Please input plate number!' } },
  ],
};

async function chooseFile(name: string, size = 10) {
  const input = screen.getByTestId('resource-import-file').closest('.ant-upload-wrapper')?.querySelector<HTMLInputElement>('input[type=file]') ?? document.querySelector<HTMLInputElement>('input[type=file]');
  const file = new File([new Uint8Array(size)], name, { type: name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream' });
  await act(async () => {
    fireEvent.change(input as HTMLInputElement, { target: { files: [file] } });
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

async function runImport() {
  await act(async () => {
    fireEvent.click(screen.getByTestId('resource-import-submit'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

const tableRows = () =>
  [...screen.getByTestId('resource-import-error-table').querySelectorAll('tbody tr.ant-table-row')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe('ResourceImport', () => {
  beforeEach(() => loadTestLanguage('en'));
  afterEach(() => vi.restoreAllMocks());

  it('takes .xlsx and .csv files only', () => {
    expect(isImportFileName('trucks.xlsx')).toBe(true);
    expect(isImportFileName('TRUCKS.CSV')).toBe(true);
    expect(isImportFileName('trucks.xls')).toBe(false);
    expect(isImportFileName('trucks.pdf')).toBe(false);
  });

  it('posts the file in the multipart field file and shows how many rows were imported', async () => {
    const fetch = mockFetch((url, init) => (url.pathname === '/api/truck/import' && init?.method === 'POST' ? json({ imported: 12, message: '12 trucks imported successfully!' }) : undefined));
    renderPage(<ResourceImport resource={truckResource} />, 'Truck/import');
    expect(screen.getByTestId('resource-import-title').textContent).toBe('Import Trucks');
    expect(screen.getByTestId('resource-import-submit').hasAttribute('disabled')).toBe(true);
    await chooseFile('trucks.csv');
    await runImport();
    expect((await screen.findByTestId('resource-import-success')).textContent).toBe('12 trucks imported successfully!');
    const [, init] = fetch.mock.calls.find(([, options]) => options?.method === 'POST') ?? [];
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('trucks.csv');
  });

  it('lists every wrong row with its number, column and message', async () => {
    mockFetch((url, init) => (url.pathname === '/api/truck/import' && init?.method === 'POST' ? json(rejected, 400) : undefined));
    renderPage(<ResourceImport resource={truckResource} />, 'Truck/import');
    await chooseFile('trucks.xlsx');
    await runImport();
    const errors = await screen.findByTestId('resource-import-errors');
    expect(within(errors).getByText(/Nothing was imported: 2 row/)).toBeTruthy();
    expect(tableRows()).toEqual([
      ['3', 'Plate number', 'Please input plate number!'],
      ['5', 'Tare weight (MT)', 'Tare weight (MT) must be at most 100'],
      ['5', 'Whole row', 'This row repeats row 3.'],
    ]);
  });

  it('shows the row errors in Arabic with Arabic labels and messages', async () => {
    await loadTestLanguage('ar');
    mockFetch((url, init) => (url.pathname === '/api/truck/import' && init?.method === 'POST' ? json(rejected, 400) : undefined));
    renderPage(<ResourceImport resource={truckResource} />, 'Truck/import');
    expect(screen.getByTestId('resource-import-title').textContent).toBe('استيراد الشاحنات');
    await chooseFile('trucks.xlsx');
    await runImport();
    await screen.findByTestId('resource-import-errors');
    expect(tableRows()[0]).toEqual(['3', 'رقم اللوحة', 'يرجى إدخال رقم اللوحة!']);
    expect(tableRows()[1]).toEqual(['5', 'الوزن الفارغ (طن)', 'يجب ألا يزيد الوزن الفارغ (طن) عن 100']);
    expect(screen.getAllByText('الصف').length).toBeGreaterThan(0);
  });

  it('words a unique-together clash and a database rule of the server in Arabic', async () => {
    await loadTestLanguage('ar');
    const lines = importErrorLines(
      siloResource,
      {
        message: 'Nothing was imported: 2 rows have errors.',
        code: 'VALIDATION',
        rows: [
          { row: 2, errors: { name: 'This warehouse already has a silo of this name.' } },
          { row: 3, errors: { warehouseId: 'Silos can only be added to a warehouse with silos (storage type Silos or Both).' } },
        ],
      },
      'ar',
      'الصف كاملاً',
    );
    expect(lines.map((line) => line.message)).toEqual(['يوجد في هذا المستودع صومعة بهذا الاسم.', 'لا يمكن إضافة صوامع إلا إلى مستودع به صوامع (نوع التخزين صوامع أو كلاهما).']);
  });

  it('shows the refusal of a whole file', async () => {
    mockFetch((url) =>
      url.pathname === '/api/truck/import'
        ? json({ message: 'The file has no rows to import.', code: 'VALIDATION', details: { file: 'The file has no rows to import.' } }, 400)
        : undefined,
    );
    renderPage(<ResourceImport resource={truckResource} />, 'Truck/import');
    await chooseFile('trucks.csv');
    await runImport();
    expect((await screen.findByTestId('resource-import-failed')).textContent).toContain('The file has no rows to import.');
  });

  it('refuses other file types and files over 5MB before sending', async () => {
    const fetch = mockFetch(() => undefined);
    renderPage(<ResourceImport resource={truckResource} />, 'Truck/import');
    await chooseFile('trucks.pdf');
    await screen.findByText('Please choose an Excel (.xlsx) or CSV (.csv) file.');
    await chooseFile('trucks.xlsx', 6 * 1024 * 1024);
    await screen.findByText('File must be smaller than 5MB!');
    expect(screen.getByTestId('resource-import-submit').hasAttribute('disabled')).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('downloads the template with the headers in the current language', async () => {
    await loadTestLanguage('ar');
    const fetch = mockFetch((url) => (url.pathname === '/api/truck/import-template.xlsx' ? new Response(new Blob(['x']), { status: 200 }) : undefined));
    const createObjectURL = vi.fn(() => 'blob:template');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderPage(<ResourceImport resource={truckResource} />, 'Truck/import');
    fireEvent.click(screen.getByTestId('resource-import-template'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const asked = new URL(urlOf(fetch.mock.calls[0]?.[0]), 'http://localhost');
    expect(asked.pathname).toBe('/api/truck/import-template.xlsx');
    expect(asked.searchParams.get('lang')).toBe('ar');
  });
});
