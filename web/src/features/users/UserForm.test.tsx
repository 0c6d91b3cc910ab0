import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TUser } from '@tonnage/contracts';
import { createQueryClient } from '../../app/providers';
import { loadTestLanguage } from '../../test/i18n';
import { UserForm, type UserFormProps } from './UserForm';
import { noAssignableOptions } from './user-options';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../../components/resources/test-session')).sessionModule,
}));

const countries = [
  { id: 682, code: 'SA', name: 'Saudi Arabia', nameAr: 'السعودية' },
  { id: 818, code: 'EG', name: 'Egypt', nameAr: 'مصر' },
];
const cities: Record<string, { id: number; countryId: number; name: string }[]> = {
  '682': [{ id: 108410, countryId: 682, name: 'Riyadh' }],
  '818': [{ id: 360630, countryId: 818, name: 'Cairo' }],
};

const user: TUser = {
  id: 9,
  agencyId: 1,
  username: 'sara.ops',
  kind: 'agencyUser',
  firstName: 'Sara',
  lastName: null,
  initials: null,
  email: 'sara@example.com',
  phone: null,
  address: null,
  residenceCountryId: 682,
  cityId: 108410,
  originCountryId: null,
  idNumber: null,
  profilePic: null,
  passwordResetAt: null,
  companyId: null,
  roleId: 3,
  shipmentManagerIds: [],
  consigneeIds: [],
  locationIds: [4],
  isActive: true,
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that answers the cities of a country, and records what was asked. */
function mockFetch() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const match = /\/api\/lookups\/countries\/(\d+)\/cities/.exec(url);
    return Promise.resolve(match ? json({ rows: cities[match[1] ?? ''] ?? [] }) : json({ message: 'Not Found', code: 'NOT_FOUND' }, 404));
  });
}

function renderForm(props: Partial<UserFormProps> = {}) {
  const onSubmit = vi.fn<UserFormProps['onSubmit']>(() => Promise.resolve({ ok: true, status: 200, headers: new Headers(), data: {} }));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UserForm
        user={user}
        language="en"
        countries={countries}
        roles={[{ value: 3, label: 'Operations' }]}
        options={noAssignableOptions}
        canMakeAdmins
        onSubmit={onSubmit}
        onSaved={() => undefined}
        onCancel={() => undefined}
        {...props}
      />
    </QueryClientProvider>,
  );
  return { onSubmit };
}

/** Opens an antd Select by its test id and picks the option with this label. */
async function choose(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  const combobox = within(select.closest('.ant-select') ?? select).getByRole('combobox');
  fireEvent.mouseDown(combobox);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) => item.textContent === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

const selectedText = (testId: string) => screen.getByTestId(testId).closest('.ant-select')?.textContent ?? '';

describe('UserForm', () => {
  beforeAll(() => loadTestLanguage('en'));
  afterEach(() => vi.restoreAllMocks());

  it('clears the city and loads the new country’s cities when the residence country changes', async () => {
    const fetch = mockFetch();
    const { onSubmit } = renderForm();
    await waitFor(() => expect(selectedText('user-form-city')).toContain('Riyadh'));

    await choose('user-form-residence-country', 'Egypt');
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => typeof url === 'string' && url.includes('/api/lookups/countries/818/cities'))).toBe(true));
    expect(selectedText('user-form-city')).not.toContain('Riyadh');

    await choose('user-form-city', 'Cairo');
    await act(async () => {
      fireEvent.click(screen.getByTestId('user-submit'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ residenceCountryId: 818, cityId: 360630, roleId: 3, locationIds: [4] });
  });

  it('sends no city after the country is changed and no new city is chosen', async () => {
    mockFetch();
    const { onSubmit } = renderForm();
    await waitFor(() => expect(selectedText('user-form-city')).toContain('Riyadh'));
    await choose('user-form-residence-country', 'Egypt');
    await act(async () => {
      fireEvent.click(screen.getByTestId('user-submit'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ residenceCountryId: 818, cityId: null });
  });

  it('shows country names in Arabic when the page is in Arabic', async () => {
    mockFetch();
    await loadTestLanguage('ar');
    try {
      renderForm({ language: 'ar' });
      await waitFor(() => expect(selectedText('user-form-residence-country')).toContain('السعودية'));
    } finally {
      await loadTestLanguage('en');
    }
  });

  it('requires a first name and refuses a weak first password', async () => {
    mockFetch();
    const { onSubmit } = renderForm({ user: null });
    fireEvent.change(screen.getByTestId('user-form-password'), { target: { value: 'weak' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('user-submit'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await screen.findByText('Please input first name!');
    expect(screen.getByText(/Password Validation Failed!/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the server’s field errors on their fields', async () => {
    mockFetch();
    renderForm({
      onSubmit: vi.fn<UserFormProps['onSubmit']>(() =>
        Promise.resolve({
          ok: false,
          status: 409,
          headers: new Headers(),
          error: { message: 'This e-mail is already used by another user.', code: 'CONFLICT', details: { email: 'This e-mail is already used by another user.' } },
        }),
      ),
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('user-submit'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await screen.findByText('This e-mail is already used by another user.');
    expect(screen.getByTestId('user-form-email').closest('.ant-form-item')?.textContent).toContain('This e-mail is already used by another user.');
  });

  it('offers the company admin kind only when the agency has companies', () => {
    mockFetch();
    renderForm({ user: null });
    fireEvent.mouseDown(within(screen.getByTestId('user-form-kind').closest('.ant-select') ?? document.body).getByRole('combobox'));
    const kinds = [...document.querySelectorAll('.ant-select-item-option')].map((item) => item.textContent);
    expect(kinds).toEqual(['Agency Admin', 'Agency User']);
  });

  it('assigns locations, shipment managers and consignees with the pickers of the agency data', async () => {
    const company = (id: number, name: string, companyTypeId: number) => ({ id, name, companyTypeId, CompanyType: { id: companyTypeId, name: '' }, adminId: null, ShipmentManagerId: null });
    const place = (id: number, name: string, locationKindId: number) => ({
      id,
      name,
      locationKindId,
      storageTypeId: 1,
      customerId: null,
      consigneeId: locationKindId === 2 ? 3 : null,
      Silo: [],
      shipmentManagerIds: [],
      latitude: null,
      longitude: null,
    });
    const agency = { id: 1, name: 'A', logo: null, timezone: 'Asia/Riyadh', countryCode: null, address: null, contactName: null, contactEmail: null, contactPhone: null, isActive: true, createdAt: '', updatedAt: '' };
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/api/agencies/1/agencyData')) {
        return Promise.resolve(
          json({ agency, Locations: [place(4, 'Jeddah North Warehouse', 1), place(7, 'Almarai Mill Gate', 2)], Cargo: [], Companies: [company(3, 'Almarai Feed', 3), company(5, 'Gulf Grain', 5)], Timezone: [] }),
        );
      }
      return Promise.resolve(json({ rows: [] }));
    });
    const options = {
      companies: [],
      warehouses: [{ value: 4, label: 'Jeddah North Warehouse' }],
      shipmentManagers: [{ value: 5, label: 'Gulf Grain' }],
      consignees: [{ value: 3, label: 'Almarai Feed' }],
    };
    const { onSubmit } = renderForm({ options });
    await waitFor(() => expect(selectedText('user-form-warehouses')).toContain('Jeddah North Warehouse'));
    await choose('user-form-shipment-managers', 'Gulf Grain SM');
    await choose('user-form-consignees', 'Almarai Feed');
    await choose('user-form-warehouses', 'Almarai Mill Gate');
    await act(async () => {
      fireEvent.click(screen.getByTestId('user-submit'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ locationIds: [4, 7], shipmentManagerIds: [5], consigneeIds: [3] });
  });
});
