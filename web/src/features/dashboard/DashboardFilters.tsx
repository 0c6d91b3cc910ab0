import { useMemo, type ReactNode } from 'react';
import { Button, Col, DatePicker, Form, Row, Select, Space } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { COMPANY_TYPE_IDS, DATE_FORMAT } from '@tonnage/contracts';
import { VoyageSelect } from '../../components/cargo/VoyageSelect';
import { ConsigneePicker, OPEN_AREA_ONLY, SiloPicker, WarehousePicker, type SiloChoice } from '../../components/pickers';
import { byName, usePickerData } from '../../components/pickers/picker-data';
import { useAgencyData } from '../agencies/agency-api';
import { useSession } from '../../app/session';
import { ConsignmentSelect } from '../shipping/ConsignmentSelect';

/** The filters a dashboard tab may offer (spec 2.13, 3 "Stats filter fields"); each tab names its own, in its order. */
export type DashboardFilterField =
  | 'voyageId'
  | 'bindingVoyageId'
  | 'consignmentId'
  | 'consigneeId'
  | 'smIds'
  | 'cargoId'
  | 'locationId'
  | 'silos'
  | 'fromDate'
  | 'toDate'
  | 'customerId';

/** The chosen filter values; absent means no filter. Dates are YYYY-MM-DD. */
export interface DashboardFilterValues {
  voyageId?: number;
  bindingVoyageId?: number;
  consignmentId?: number;
  consigneeId?: number;
  smIds?: number[];
  cargoId?: number;
  locationId?: number;
  /** Silos of the chosen warehouse, or `['openArea']` (Open Area Only, which excludes the silos). */
  silos?: SiloChoice[];
  fromDate?: string;
  toDate?: string;
  customerId?: number;
}

/**
 * The query string of the filters (spec 7: filters go in the query string; spec 5: empty values are dropped):
 * ids as they are, `smIds` as `1,2`, the silo choice as `siloIds=1,2` or `openAreaOnly=true`, dates as YYYY-MM-DD.
 */
export function filterQuery(values: DashboardFilterValues): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(values) as [keyof DashboardFilterValues, DashboardFilterValues[keyof DashboardFilterValues]][]) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'silos') {
      const silos = value as SiloChoice[];
      if (silos.includes(OPEN_AREA_ONLY)) query.openAreaOnly = 'true';
      else if (silos.length > 0) query.siloIds = silos.join(',');
    } else if (Array.isArray(value)) {
      if (value.length > 0) query[key] = value.join(',');
    } else {
      query[key] = String(value);
    }
  }
  return query;
}

/** The same filters without one key (e.g. the silos when the warehouse changes). */
function without(values: DashboardFilterValues, ...keys: (keyof DashboardFilterValues)[]): DashboardFilterValues {
  const next = { ...values };
  for (const key of keys) delete next[key];
  return next;
}

const single = (value: number | number[] | undefined): number | undefined => (typeof value === 'number' ? value : undefined);
const many = (value: number | number[] | undefined): number[] | undefined => (Array.isArray(value) && value.length > 0 ? value : undefined);

/** Cargo types of the selected agency (agency data). */
function CargoSelect(props: { value?: number; onChange: (value: number | undefined) => void; 'data-testid'?: string; 'aria-label'?: string }) {
  const { t } = useTranslation();
  const { selectedAgencyId } = useSession();
  const data = useAgencyData(selectedAgencyId);
  const options = useMemo(() => [...(data.data?.Cargo ?? [])].sort(byName).map((cargo) => ({ value: cargo.id, label: cargo.name })), [data.data]);
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('dashboardShared.filters.selectCargo')}
      options={options}
      loading={data.isPending}
      value={props.value}
      onChange={(next) => props.onChange(next ?? undefined)}
      data-testid={props['data-testid']}
      aria-label={props['aria-label']}
    />
  );
}

/**
 * The companies of one type of the selected agency within the user's data scope (agency data is already scoped):
 * customers on the customer tab, transporters on the IN/OUT stats.
 */
export function CompanySelect(props: {
  companyType: keyof typeof COMPANY_TYPE_IDS;
  placeholder: string;
  value?: number;
  onChange: (value: number | undefined) => void;
  'data-testid'?: string;
  'aria-label'?: string;
}) {
  const { companies, loading } = usePickerData();
  const typeId = COMPANY_TYPE_IDS[props.companyType];
  const options = useMemo(
    () =>
      companies
        .filter((company) => company.companyTypeId === typeId)
        .sort(byName)
        .map((company) => ({ value: company.id, label: company.name })),
    [companies, typeId],
  );
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={props.placeholder}
      options={options}
      loading={loading}
      value={props.value}
      onChange={(next) => props.onChange(next ?? undefined)}
      data-testid={props['data-testid']}
      aria-label={props['aria-label']}
    />
  );
}

export interface DashboardFiltersProps {
  /** The filters this tab offers, in display order. */
  fields: readonly DashboardFilterField[];
  value: DashboardFilterValues;
  onChange: (next: DashboardFilterValues) => void;
  /** Shown after the Clear button (an export link, ...). */
  extra?: ReactNode;
  /** Prefix of the fields' test ids: `<testId>-<field>`, the Clear button `<testId>-clear`. */
  testId?: string;
}

/**
 * The filter form of a dashboard tab (spec 2.13): the tab's fields with the app's pickers (voyages and LC/PO searched
 * after more than 2 characters, consignees and shipment managers within the data scope, the silo choice disabled until a
 * warehouse is chosen and cleared when it changes, Open Area Only excluding the silos), and a Clear button. Controlled:
 * every change hands the whole new value to `onChange`.
 */
export function DashboardFilters({ fields, value, onChange, extra, testId = 'dashboard-filters' }: DashboardFiltersProps) {
  const { t } = useTranslation();
  const set = <K extends keyof DashboardFilterValues>(key: K, next: DashboardFilterValues[K] | undefined) =>
    onChange(next === undefined ? without(value, key) : { ...value, [key]: next });
  const label = (field: DashboardFilterField) => t(`dashboardShared.filters.${field}`);
  const common = (field: DashboardFilterField) => ({ 'data-testid': `${testId}-${field}`, 'aria-label': label(field) });

  const control = (field: DashboardFilterField): ReactNode => {
    switch (field) {
      case 'voyageId':
      case 'bindingVoyageId':
        return <VoyageSelect {...common(field)} value={value[field]} onChange={(next) => set(field, next)} />;
      case 'consignmentId':
        return <ConsignmentSelect {...common(field)} value={value.consignmentId} onChange={(next) => set('consignmentId', next)} />;
      case 'consigneeId':
        return <ConsigneePicker {...common(field)} mode="both" value={value.consigneeId} onChange={(next) => set('consigneeId', single(next))} />;
      case 'smIds':
        return <ConsigneePicker {...common(field)} mode="sm" multiple value={value.smIds} onChange={(next) => set('smIds', many(next))} />;
      case 'cargoId':
        return <CargoSelect {...common(field)} value={value.cargoId} onChange={(next) => set('cargoId', next)} />;
      case 'customerId':
        return <CompanySelect {...common(field)} companyType="customer" placeholder={t('dashboardShared.filters.selectCustomer')} value={value.customerId} onChange={(next) => set('customerId', next)} />;
      case 'locationId':
        return (
          <WarehousePicker
            {...common(field)}
            value={value.locationId}
            onChange={(next) => {
              const locationId = single(next);
              // The silos belong to the warehouse: a new warehouse (or none) clears them.
              const rest = without(value, 'locationId', 'silos');
              onChange(locationId === undefined ? rest : { ...rest, locationId });
            }}
          />
        );
      case 'silos':
        return <SiloPicker {...common(field)} locationId={value.locationId} value={value.silos ?? []} onChange={(next) => set('silos', next.length > 0 ? next : undefined)} />;
      case 'fromDate':
      case 'toDate':
        return (
          <DatePicker
            {...common(field)}
            style={{ width: '100%' }}
            format={[DATE_FORMAT, 'YYYY-MM-DD']}
            value={value[field] ? dayjs(value[field]) : null}
            onChange={(date) => set(field, date ? date.format('YYYY-MM-DD') : undefined)}
          />
        );
    }
  };

  return (
    <Form layout="vertical" component="div" data-testid={testId}>
      <Row gutter={[12, 0]}>
        {fields.map((field) => (
          <Col key={field} xs={24} sm={12} lg={8} xl={6}>
            <Form.Item label={label(field)} style={{ marginBottom: 12 }}>
              {control(field)}
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<ClearOutlined />} onClick={() => onChange({})} data-testid={`${testId}-clear`}>
          {t('dashboardShared.filters.clear')}
        </Button>
        {extra}
      </Space>
    </Form>
  );
}
