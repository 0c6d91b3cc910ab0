import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, Button, Form } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAgencyCompany, TAgencyLocation } from '@tonnage/contracts';
import { createQueryClient } from '../../app/providers';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch } from '../resources/resource-test-utils';
import { setTestSession } from '../resources/test-session';
import { ConsigneePicker, LocationPicker, requiredPickerRule, SiloPicker, WarehousePicker, type SiloChoice } from './index';
import { nextSiloSelection, OPEN_AREA_ONLY } from './picker-data';
import { testAgencyData } from '../resources/test-agency';

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  ...(await import('../resources/test-session')).sessionModule,
}));

const company = (id: number, name: string, companyTypeId: number, ShipmentManagerId: number | null = null): TAgencyCompany => ({
  id,
  name,
  companyTypeId,
  CompanyType: { id: companyTypeId, name: String(companyTypeId) },
  adminId: null,
  ShipmentManagerId,
});

const location = (id: number, name: string, fields: Partial<TAgencyLocation> = {}): TAgencyLocation => ({
  id,
  name,
  locationKindId: 1,
  storageTypeId: 1,
  customerId: null,
  consigneeId: null,
  Silo: [],
  shipmentManagerIds: [],
  latitude: null,
  longitude: null,
  ...fields,
});

const agencyData = testAgencyData({
  Locations: [
    location(10, 'Jeddah North Warehouse', { storageTypeId: 1, Silo: [{ id: 101, name: 'Silo A', capacity: 500 }, { id: 102, name: 'Silo B', capacity: 500 }] }),
    location(11, 'Yanbu Open Yard', { storageTypeId: 2 }),
    location(12, 'Dammam Mixed Terminal', { storageTypeId: 3, Silo: [{ id: 121, name: 'Silo D1', capacity: 800 }] }),
    location(20, 'Almarai Mill Gate', { locationKindId: 2, storageTypeId: 2, consigneeId: 3 }),
    location(21, 'Customer Depot', { locationKindId: 2, storageTypeId: 2, customerId: 6 }),
  ],
  Cargo: [],
  Companies: [
    company(3, 'Almarai Feed', 3, 5),
    company(4, 'Arabian Mills', 3, 8),
    company(5, 'Gulf Grain SM', 5),
    company(8, 'Nile Shipping SM', 5),
    company(6, 'Retail Customer', 6),
  ],
  Timezone: [],
});

function renderWithAgencyData(element: ReactNode) {
  const fetch = mockFetch((url) => (url.pathname === '/api/agencies/1/agencyData' ? json(agencyData) : undefined));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AntApp>{element}</AntApp>
    </QueryClientProvider>,
  );
  return fetch;
}

/** Opens the select and waits for these option labels (in order). */
async function optionsOf(testId: string): Promise<string[]> {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  return waitFor(() => {
    const options = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].map((item) => item.textContent ?? '');
    if (options.length === 0) throw new Error('no options yet');
    return options;
  });
}

function clickOption(label: string) {
  const option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) => item.textContent === label);
  if (!option) throw new Error(`no option ${label}`);
  fireEvent.click(option);
}

function RequiredConsigneeForm() {
  const { t } = useTranslation();
  return (
    <Form onFinish={() => undefined}>
      <Form.Item name="consigneeId" label="Consignee" rules={[requiredPickerRule(t, 'consigneeRequired')]}>
        <ConsigneePicker mode="consignee" data-testid="consignee" />
      </Form.Item>
      <Form.Item name="warehouseId" label="Warehouse" rules={[requiredPickerRule(t, 'warehouseRequired')]}>
        <WarehousePicker data-testid="warehouse" />
      </Form.Item>
      <Button htmlType="submit" data-testid="submit">
        OK
      </Button>
    </Form>
  );
}

describe('pickers', () => {
  beforeEach(async () => {
    await loadTestLanguage('en');
    setTestSession();
  });
  afterEach(() => vi.restoreAllMocks());

  describe('ConsigneePicker', () => {
    it('offers consignees only, shipment managers only (tagged SM), or both', async () => {
      renderWithAgencyData(
        <>
          <ConsigneePicker mode="consignee" data-testid="consignees" />
        </>,
      );
      expect(await optionsOf('consignees')).toEqual(['Almarai Feed', 'Arabian Mills']);
    });

    it('tags shipment managers with SM in the sm and both modes', async () => {
      renderWithAgencyData(<ConsigneePicker mode="both" data-testid="both" />);
      expect(await optionsOf('both')).toEqual(['Almarai Feed', 'Arabian Mills', 'Gulf Grain SM SM', 'Nile Shipping SM SM']);
      expect(document.querySelectorAll('[data-testid=picker-sm-tag]').length).toBe(2);
    });

    it('narrows consignees to the given shipment managers and honours the data scope', async () => {
      setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewConsignment'], dataScope: { shipmentManagerIds: [8], consigneeIds: null, locationIds: null } });
      renderWithAgencyData(<ConsigneePicker mode="both" shipmentManagerIds={[5]} data-testid="narrow" />);
      expect(await optionsOf('narrow')).toEqual(['Almarai Feed', 'Nile Shipping SM SM']);
    });

    it('ignores the data scope in the all mode for an admin only', async () => {
      setTestSession({ isAgencyAdmin: true, dataScope: { shipmentManagerIds: [8], consigneeIds: [4], locationIds: null } });
      renderWithAgencyData(<ConsigneePicker mode="all" data-testid="all" />);
      expect(await optionsOf('all')).toEqual(['Almarai Feed', 'Arabian Mills', 'Gulf Grain SM SM', 'Nile Shipping SM SM']);
    });

    it('applies the data scope in the all mode for other users', async () => {
      setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewConsignment'], dataScope: { shipmentManagerIds: [8], consigneeIds: [4], locationIds: null } });
      renderWithAgencyData(<ConsigneePicker mode="all" data-testid="all" />);
      expect(await optionsOf('all')).toEqual(['Arabian Mills', 'Nile Shipping SM SM']);
    });

    it('shows the required messages of consignee and warehouse, in Arabic too', async () => {
      renderWithAgencyData(<RequiredConsigneeForm />);
      await act(async () => {
        fireEvent.click(screen.getByTestId('submit'));
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      await screen.findByText('Please select consignee!');
      await screen.findByText('Please Select Warehouse!');
    });

    it('shows the required message in Arabic', async () => {
      await loadTestLanguage('ar');
      renderWithAgencyData(<RequiredConsigneeForm />);
      await act(async () => {
        fireEvent.click(screen.getByTestId('submit'));
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      await screen.findByText('يرجى اختيار المستلم!');
      await screen.findByText('يرجى اختيار المستودع!');
    });
  });

  describe('WarehousePicker', () => {
    it('hides consignee- and customer-owned locations unless allowAll', async () => {
      renderWithAgencyData(
        <>
          <WarehousePicker data-testid="warehouses" />
        </>,
      );
      expect(await optionsOf('warehouses')).toEqual(['Dammam Mixed Terminal', 'Jeddah North Warehouse', 'Yanbu Open Yard']);
    });

    it('offers every location with allowAll', async () => {
      renderWithAgencyData(<WarehousePicker allowAll data-testid="all" />);
      expect(await optionsOf('all')).toEqual(['Almarai Mill Gate', 'Customer Depot', 'Dammam Mixed Terminal', 'Jeddah North Warehouse', 'Yanbu Open Yard']);
    });

    it('splits silo and non-silo locations by storage type', async () => {
      renderWithAgencyData(
        <>
          <WarehousePicker storageType={1} data-testid="silo" />
          <WarehousePicker storageType={2} data-testid="open" />
        </>,
      );
      expect(await optionsOf('silo')).toEqual(['Dammam Mixed Terminal', 'Jeddah North Warehouse']);
    });

    it('offers non-silo locations for storage type 2', async () => {
      renderWithAgencyData(<WarehousePicker storageType={2} data-testid="open" />);
      expect(await optionsOf('open')).toEqual(['Dammam Mixed Terminal', 'Yanbu Open Yard']);
    });

    it('is limited by the user’s locations', async () => {
      setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewConsignment'], dataScope: { shipmentManagerIds: null, consigneeIds: null, locationIds: [11, 20] } });
      renderWithAgencyData(<WarehousePicker data-testid="scoped" />);
      expect(await optionsOf('scoped')).toEqual(['Yanbu Open Yard']);
    });
  });

  describe('LocationPicker', () => {
    it('offers the given kinds, filtered by consignee', async () => {
      renderWithAgencyData(<LocationPicker kinds={[2]} consigneeId={3} data-testid="delivery" />);
      expect(await optionsOf('delivery')).toEqual(['Almarai Mill Gate']);
    });

    it('offers every kind by default, limited by the user’s locations', async () => {
      setTestSession({ isAgencyAdmin: false, isAgencyUser: true, permissions: ['canViewConsignment'], dataScope: { shipmentManagerIds: null, consigneeIds: null, locationIds: [10, 21] } });
      renderWithAgencyData(<LocationPicker data-testid="any" />);
      expect(await optionsOf('any')).toEqual(['Customer Depot', 'Jeddah North Warehouse']);
    });

    it('filters by customer', async () => {
      renderWithAgencyData(<LocationPicker customerId={6} data-testid="customer" />);
      expect(await optionsOf('customer')).toEqual(['Customer Depot']);
    });

    it('offers only consignees’ sites for a consignee destination', async () => {
      renderWithAgencyData(<LocationPicker kinds={[2]} owner="consignee" data-testid="consignee-sites" />);
      expect(await optionsOf('consignee-sites')).toEqual(['Almarai Mill Gate']);
    });

    it('offers only customers’ sites for a customer destination', async () => {
      renderWithAgencyData(<LocationPicker kinds={[2]} owner="customer" data-testid="customer-sites" />);
      expect(await optionsOf('customer-sites')).toEqual(['Customer Depot']);
    });
  });

  describe('SiloPicker', () => {
    function Controlled({ locationId, onChange }: { locationId: number; onChange: (value: SiloChoice[]) => void }) {
      const [value, setValue] = useState<SiloChoice[]>([]);
      return (
        <SiloPicker
          locationId={locationId}
          value={value}
          onChange={(next) => {
            setValue(next);
            onChange(next);
          }}
          data-testid="silos"
        />
      );
    }

    it('offers only the silos of a silo location', async () => {
      renderWithAgencyData(<Controlled locationId={10} onChange={() => undefined} />);
      expect(await optionsOf('silos')).toEqual(['Silo A', 'Silo B']);
    });

    it('makes Open Area Only exclusive: it clears the silos, and a silo removes it', async () => {
      const changes: SiloChoice[][] = [];
      renderWithAgencyData(<Controlled locationId={12} onChange={(next) => changes.push(next)} />);
      expect(await optionsOf('silos')).toEqual(['Open Area Only', 'Silo D1']);
      clickOption('Silo D1');
      await waitFor(() => expect(changes.at(-1)).toEqual([121]));
      clickOption('Open Area Only');
      await waitFor(() => expect(changes.at(-1)).toEqual([OPEN_AREA_ONLY]));
      clickOption('Silo D1');
      await waitFor(() => expect(changes.at(-1)).toEqual([121]));
    });

    it('is disabled without a location', () => {
      renderWithAgencyData(<SiloPicker locationId={null} data-testid="none" />);
      expect(screen.getByTestId('none').closest('.ant-select')?.className).toContain('ant-select-disabled');
    });
  });

  describe('nextSiloSelection', () => {
    it('keeps Open Area Only alone', () => {
      expect(nextSiloSelection([1, 2], [1, 2, OPEN_AREA_ONLY])).toEqual([OPEN_AREA_ONLY]);
      expect(nextSiloSelection([OPEN_AREA_ONLY], [OPEN_AREA_ONLY, 3])).toEqual([3]);
      expect(nextSiloSelection([1], [1, 2])).toEqual([1, 2]);
      expect(nextSiloSelection([1, 2], [2])).toEqual([2]);
    });
  });
});
