import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Col, DatePicker, Form, Row, Select, Space, Spin, Statistic, Typography } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  DATE_FORMAT,
  hasPermission,
  STATS_DELIVERY_STATUSES,
  STATS_GROUPS,
  STATS_QUANTITY_TYPES,
  TRANSPORTATION_TYPES,
  ZDashboardStats,
  type StatsDeliveryStatus,
  type StatsGroup,
  type StatsQuantityType,
  type TransportationType,
  type TStatsGroupFigures,
} from '@tonnage/contracts';
import { apiOrThrow } from '../../app/api';
import { dashboardKey } from '../../app/dashboard-flags';
import { CompanySelect } from './DashboardFilters';
import { useUserContext } from '../../app/session';
import { VoyageSelect } from '../../components/cargo/VoyageSelect';
import { ConsigneePicker, LocationPicker } from '../../components/pickers';
import { ConsignmentSelect } from '../shipping/ConsignmentSelect';

/** The owner kinds a trip's cargo may have (spec 3 `consigneeOut`, `customerOut`, `smOut`). */
export const STATS_OWNER_FLAGS = ['consigneeOut', 'customerOut', 'smOut'] as const;
type OwnerFlag = (typeof STATS_OWNER_FLAGS)[number];

/** The IN/OUT Stats tab's chosen filters (spec 3 "Stats filter fields"); absent: no filter (dates: today). */
export interface StatsFilterValues {
  voyageId?: number;
  bindingVoyageId?: number;
  consignmentId?: number;
  smIds?: number[];
  fromLocationId?: number;
  blConsigneeId?: number;
  quantityType?: StatsQuantityType;
  toLocationId?: number;
  deliveryStatus?: StatsDeliveryStatus;
  transportedTo?: TransportationType;
  isManualQuantity?: boolean;
  transporter?: number;
  startDate?: string;
  endDate?: string;
  owners?: OwnerFlag[];
  groupedOut?: boolean;
}

/** The query string of the filters: empty values dropped, ids as they are, `smIds` as `1,2`, each chosen owner kind as `<flag>=true`. */
export function statsQuery(values: StatsFilterValues): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(values) as [keyof StatsFilterValues, StatsFilterValues[keyof StatsFilterValues]][]) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'owners') {
      for (const flag of value as OwnerFlag[]) query[flag] = 'true';
    } else if (Array.isArray(value)) {
      if (value.length > 0) query[key] = value.join(',');
    } else {
      query[key] = String(value);
    }
  }
  return query;
}

const single = (value: number | number[] | undefined): number | undefined => (typeof value === 'number' ? value : undefined);
const many = (value: number | number[] | undefined): number[] | undefined => (Array.isArray(value) && value.length > 0 ? value : undefined);

/** One card: a quantity in MT with 3 decimals, its trips beneath. */
function Figure({ testId, title, qty, trips }: { testId: string; title: string; qty: string; trips: number }) {
  const { t } = useTranslation();
  return (
    <Col xs={24} sm={12} lg={6}>
      <Card size="small" data-testid={testId} data-value={qty} data-trips={trips} style={{ height: '100%' }}>
        <Statistic title={title} value={qty} precision={3} suffix={t('dashboardStats.unit')} />
        <Typography.Text type="secondary">{t('dashboardStats.trips', { n: trips })}</Typography.Text>
      </Card>
    </Col>
  );
}

const IN_FIGURES = ['warehouseInQty', 'consigneeInQty', 'customerInQty'] as const;
const tripsOf = { warehouseInQty: 'warehouseInTrips', consigneeInQty: 'consigneeInTrips', customerInQty: 'customerInTrips' } as const;

/** A group of cards (spec 2.13): its OUT, then what of those trips arrived at warehouses, consignee and customer locations. */
function GroupCard({ group, figures }: { group: StatsGroup; figures: TStatsGroupFigures }) {
  const { t } = useTranslation();
  return (
    <Card title={t(`dashboardStats.groups.${group}`)} data-testid={`stats-group-${group}`} style={{ marginBottom: 12 }}>
      <Row gutter={[12, 12]}>
        <Figure testId={`stats-${group}-outQty`} title={t(`dashboardStats.out.${group}`)} qty={figures.outQty} trips={figures.outTrips} />
        {IN_FIGURES.map((figure) => (
          <Figure key={figure} testId={`stats-${group}-${figure}`} title={t(`dashboardStats.in.${figure}`)} qty={figures[figure]} trips={figures[tripsOf[figure]]} />
        ))}
      </Row>
    </Card>
  );
}

/**
 * The dashboard's IN/OUT Stats tab (spec 2.13, 3, 9): the filter form (the period defaults to the agency's today, as the
 * server answers it) and 12 cards in three groups from `GET /api/dashboard/stats`, under `dashboardKey('stats')`.
 */
export default function StatsTab() {
  const { t } = useTranslation();
  const context = useUserContext();
  const attached = hasPermission(context, 'canViewInOutStatsDashboardAttachedVessel');
  const [values, setValues] = useState<StatsFilterValues>({});
  const query = statsQuery(values);
  const stats = useQuery({
    queryKey: [...dashboardKey('stats'), query],
    queryFn: () => apiOrThrow('/api/dashboard/stats', { query, schema: ZDashboardStats }),
    placeholderData: (previous) => previous,
  });
  const set = <K extends keyof StatsFilterValues>(key: K, next: StatsFilterValues[K] | undefined) =>
    setValues((current) => {
      const copy = { ...current };
      if (next === undefined) delete copy[key];
      else copy[key] = next;
      return copy;
    });
  const label = (key: string) => (key in sharedLabels ? t(`dashboardShared.filters.${key}`) : t(`dashboardStats.filters.${key}`));
  const common = (key: string) => ({ 'data-testid': `stats-filter-${key}`, 'aria-label': label(key) });
  const options = <V extends string>(list: readonly V[], labelOf: (value: V) => string) => list.map((value) => ({ value, label: labelOf(value) }));

  const start = values.startDate ?? stats.data?.startDate;
  const end = values.endDate ?? stats.data?.endDate;
  const fields: [string, ReactNode][] = [
    ['voyageId', <VoyageSelect key="v" {...common('voyageId')} value={values.voyageId} onChange={(next) => set('voyageId', next)} />],
    ...(attached
      ? ([['bindingVoyageId', <VoyageSelect key="b" {...common('bindingVoyageId')} value={values.bindingVoyageId} onChange={(next) => set('bindingVoyageId', next)} />]] as [string, ReactNode][])
      : []),
    ['consignmentId', <ConsignmentSelect key="c" {...common('consignmentId')} value={values.consignmentId} onChange={(next) => set('consignmentId', next)} />],
    ['blConsigneeId', <ConsigneePicker key="bl" {...common('blConsigneeId')} mode="consignee" value={values.blConsigneeId} onChange={(next) => set('blConsigneeId', single(next))} />],
    ['smIds', <ConsigneePicker key="sm" {...common('smIds')} mode="sm" multiple value={values.smIds} onChange={(next) => set('smIds', many(next))} />],
    ['fromLocationId', <LocationPicker key="f" {...common('fromLocationId')} value={values.fromLocationId} onChange={(next) => set('fromLocationId', single(next))} />],
    ['toLocationId', <LocationPicker key="to" {...common('toLocationId')} value={values.toLocationId} onChange={(next) => set('toLocationId', single(next))} />],
    [
      'transportedTo',
      <Select<TransportationType> key="tt" {...common('transportedTo')} allowClear placeholder={t('dashboardStats.filters.select')} options={options(TRANSPORTATION_TYPES, (v) => t(`dashboardStats.transportedTo.${v}`))} value={values.transportedTo} onChange={(next) => set('transportedTo', next ?? undefined)} />,
    ],
    [
      'quantityType',
      <Select<StatsQuantityType> key="q" {...common('quantityType')} allowClear placeholder={t('dashboardStats.filters.select')} options={options(STATS_QUANTITY_TYPES, (v) => t(`dashboardStats.quantityTypes.${v}`))} value={values.quantityType} onChange={(next) => set('quantityType', next ?? undefined)} />,
    ],
    [
      'deliveryStatus',
      <Select<StatsDeliveryStatus> key="d" {...common('deliveryStatus')} allowClear placeholder={t('dashboardStats.filters.select')} options={options(STATS_DELIVERY_STATUSES, (v) => t(`dashboardStats.deliveryStatuses.${v}`))} value={values.deliveryStatus} onChange={(next) => set('deliveryStatus', next ?? undefined)} />,
    ],
    [
      'isManualQuantity',
      <Select<'manual' | 'automatic'>
        key="m"
        {...common('isManualQuantity')}
        allowClear
        placeholder={t('dashboardStats.filters.select')}
        options={options(['manual', 'automatic'] as const, (v) => t(`dashboardStats.entryTypes.${v}`))}
        value={values.isManualQuantity === undefined ? undefined : values.isManualQuantity ? 'manual' : 'automatic'}
        onChange={(next) => set('isManualQuantity', next === undefined || next === null ? undefined : next === 'manual')}
      />,
    ],
    ['transporter', <CompanySelect key="tr" {...common('transporter')} companyType="transporter" placeholder={t('dashboardStats.filters.select')} value={values.transporter} onChange={(next) => set('transporter', next)} />],
    [
      'groupedOut',
      <Select<'only' | 'none'>
        key="g"
        {...common('groupedOut')}
        allowClear
        placeholder={t('dashboardStats.filters.select')}
        options={options(['only', 'none'] as const, (v) => t(`dashboardStats.grouped.${v}`))}
        value={values.groupedOut === undefined ? undefined : values.groupedOut ? 'only' : 'none'}
        onChange={(next) => set('groupedOut', next === undefined || next === null ? undefined : next === 'only')}
      />,
    ],
    [
      'period',
      <div key="p" data-testid="stats-filter-period">
        <DatePicker.RangePicker
          aria-label={t('dashboardStats.period')}
          style={{ width: '100%' }}
          format={[DATE_FORMAT, 'YYYY-MM-DD']}
          placeholder={[t('dashboardStats.startDate'), t('dashboardStats.endDate')]}
          value={start && end ? [dayjs(start), dayjs(end)] : null}
          onChange={(range) => {
            const [from, to] = range ?? [null, null];
            setValues((current) => {
              const copy = { ...current };
              delete copy.startDate;
              delete copy.endDate;
              return from && to ? { ...copy, startDate: from.format('YYYY-MM-DD'), endDate: to.format('YYYY-MM-DD') } : copy;
            });
          }}
        />
      </div>,
    ],
    [
      'outOf',
      <Checkbox.Group<OwnerFlag>
        key="o"
        data-testid="stats-filter-owners"
        options={STATS_OWNER_FLAGS.map((flag) => ({ value: flag, label: t(`dashboardStats.owners.${flag}`) }))}
        value={values.owners ?? []}
        onChange={(next) => set('owners', next.length > 0 ? next : undefined)}
      />,
    ],
  ];

  return (
    <Card title={t('dashboard.panels.stats')} data-testid="dashboard-panel-stats">
      <Form layout="vertical" component="div" data-testid="stats-filters">
        <Row gutter={[12, 0]}>
          {fields.map(([key, control]) => (
            <Col key={key} xs={24} sm={12} lg={8} xl={key === 'period' ? 8 : 6}>
              <Form.Item label={key === 'period' ? t('dashboardStats.period') : label(key)} style={{ marginBottom: 12 }}>
                {control}
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Space wrap style={{ marginBottom: 12 }}>
          <Button icon={<ClearOutlined />} onClick={() => setValues({})} data-testid="stats-filter-clear">
            {t('dashboardShared.filters.clear')}
          </Button>
          {stats.data ? (
            <Typography.Text type="secondary" data-testid="stats-period">
              {t('dashboardStats.periodShown', { startDate: dayjs(stats.data.startDate).format(DATE_FORMAT), endDate: dayjs(stats.data.endDate).format(DATE_FORMAT) })}
            </Typography.Text>
          ) : null}
        </Space>
      </Form>
      {stats.isError ? (
        <Alert type="error" showIcon title={t('dashboardShared.failed')} data-testid="stats-failed" />
      ) : !stats.data ? (
        <Spin data-testid="stats-loading" />
      ) : (
        <div data-testid="stats-cards" data-start={stats.data.startDate} data-end={stats.data.endDate}>
          {STATS_GROUPS.map((group) => (
            <GroupCard key={group} group={group} figures={stats.data[group]} />
          ))}
        </div>
      )}
    </Card>
  );
}

/** The filters whose labels the shared section already has (the same words on every tab). */
const sharedLabels = { voyageId: true, bindingVoyageId: true, consignmentId: true, smIds: true } as const;
