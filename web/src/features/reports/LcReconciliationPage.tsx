import { Alert, Button, Card, Descriptions, Empty, Space, Steps, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  hasPermission,
  LC_RECONCILIATION_API,
  LC_RECONCILIATION_MODULE,
  permissionFlag,
  RECONCILIATION_BREAKS,
  ZReconciliationBreaks,
  ZReconciliationSlips,
  ZReconciliationView,
  type PermissionAction,
  type ReconciliationBreakKind,
  type ReconciliationStep,
  type TReconciliationBreak,
  type TReconciliationRecordLink,
  type TReconciliationSlip,
} from '@tonnage/contracts';
import { apiOrThrow } from '../../app/api';
import { useAgencyDateTime } from '../../app/agency-time';
import { entryPermission } from '../../app/guards';
import { useAgencyPath } from '../../app/navigation';
import { serverPagination } from '../../app/pagination';
import { useUserContext } from '../../app/session';
import { ExportButton } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { TransactionListError } from '../../components/transactions/TransactionListError';
import { ConsignmentSelect } from '../shipping/ConsignmentSelect';

/*
 * The reconciliation of one LC/PO (issue 16; docs/decisions.md "The LC/PO reconciliation"): pick an LC/PO (the URL's
 * `consignmentId`, also opened from the LC/PO list), see its chain BL -> out-turn -> slips -> tickets -> receipts ->
 * deliveries as a strip of steps with their quantities and differences, the chain's other figures, the breaks with
 * links to their records, and every slip with its ticket, receipt and loss (paged by the server). Print shows the
 * sheet alone; the Excel export is the export kit's.
 */

const PRINT_CSS = `
@media print {
  @page { size: A4 landscape; margin: 10mm; }
  body, .ant-layout { background: #fff !important; }
  .app-sider, .sider-drawer { display: none !important; }
  body * { visibility: hidden; }
  .report-sheet, .report-sheet * { visibility: visible; }
  .report-sheet { position: absolute; inset-block-start: 0; inset-inline-start: 0; width: 100%; padding: 8px; background: #fff; }
  .report-sheet .no-print, .report-sheet .ant-pagination, .report-sheet .ant-select-arrow, .report-sheet .ant-select-clear { display: none !important; }
  .report-sheet .ant-table { font-size: 9px; }
  .report-sheet .ant-table-content { overflow: visible !important; }
  .report-sheet .ant-table table { width: 100% !important; min-width: 0 !important; }
  .report-sheet .ant-table-cell { padding: 2px 4px !important; }
}
`;

const API = `/api${LC_RECONCILIATION_API}`;

/** Where each kind of record opens, and the menu entry (and flag) its page needs. */
const RECORD_PAGES: Record<TReconciliationRecordLink['kind'], { path: (id: number) => string; entry: string; action: PermissionAction }> = {
  quantityApproval: { path: (id) => `vesselQuantityApproval/quantityApproval/${id}/edit`, entry: 'vesselQuantityApproval/quantityApproval', action: 'view' },
  loadingSlip: { path: (id) => `loadingSlips/${id}/print`, entry: 'loadingSlips', action: 'view' },
  warehousePreIn: { path: (id) => `warehouse-pre-in/${id}/edit`, entry: 'warehouse-pre-in', action: 'edit' },
  warehouseIn: { path: (id) => `warehouse-in/${id}/edit`, entry: 'warehouse-in', action: 'edit' },
  consigneeIn: { path: (id) => `consignee-in/${id}/edit`, entry: 'consignee-in', action: 'edit' },
  customerIn: { path: (id) => `customer-in/${id}/edit`, entry: 'customer-in', action: 'edit' },
};

/** The breaks that mark a step of the strip. */
const STEP_BREAKS: Partial<Record<ReconciliationStep, readonly ReconciliationBreakKind[]>> = {
  outturn: ['outturnNotApproved'],
  loaded: ['slipNotReceived'],
  weighed: ['manualWeight', 'receiptWithoutTicket'],
  received: ['lossAboveAllowance'],
};

const quantityText = (value: string | null) => (value === null ? '' : Number(value).toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 }));

function Quantity({ value, testId }: { value: string | null; testId?: string }) {
  return (
    <bdi className="quantity" data-testid={testId}>
      {quantityText(value)}
    </bdi>
  );
}

/** A record's kind and number, linked to its page when the user may open it. */
function RecordLink({ record, testId }: { record: TReconciliationRecordLink | null; testId: string }) {
  const { t } = useTranslation();
  const context = useUserContext();
  const agencyPath = useAgencyPath();
  if (!record) return null;
  const page = RECORD_PAGES[record.kind];
  const text = `${t(`reports.lcReconciliation.recordKinds.${record.kind}`)} ${record.number}`;
  if (!hasPermission(context, entryPermission(page.entry, page.action))) return <bdi data-testid={testId}>{text}</bdi>;
  return (
    <Link to={agencyPath(page.path(record.id))} data-testid={testId}>
      <bdi>{text}</bdi>
    </Link>
  );
}

function BreakTag({ kind }: { kind: ReconciliationBreakKind }) {
  const { t } = useTranslation();
  return (
    <Tag color={kind === 'manualWeight' ? 'orange' : 'red'} data-testid={`reconciliation-break-tag-${kind}`}>
      {t(`reports.lcReconciliation.breakKinds.${kind}`)}
    </Tag>
  );
}

function SlipsTable({ consignmentId, page, limit, onPage }: { consignmentId: number; page: number; limit: number; onPage: (page: number, limit: number) => void }) {
  const { t } = useTranslation();
  const dateTime = useAgencyDateTime();
  const query = { consignmentId, page, limit };
  const slips = useQuery({
    queryKey: ['lc-reconciliation', 'slips', query],
    queryFn: ({ signal }) => apiOrThrow(`${API}/slips`, { schema: ZReconciliationSlips, query, signal }),
    placeholderData: keepPreviousData,
  });
  if (slips.isError) return <TransactionListError onRetry={() => void slips.refetch()} testId="reconciliation-slips" />;
  const columns: TableColumnsType<TReconciliationSlip> = [
    { key: 'slip', title: t('reports.lcReconciliation.slip'), render: (_, s) => <RecordLink record={s.slip} testId="reconciliation-slip-link" /> },
    { key: 'loadedAt', title: t('reports.lcReconciliation.loadedAt'), render: (_, s) => <bdi>{dateTime(s.loadedAt)}</bdi> },
    { key: 'bl', title: t('reports.lcReconciliation.blNumber'), render: (_, s) => <bdi>{s.blNumber}</bdi> },
    { key: 'truck', title: t('reports.lcReconciliation.truck'), render: (_, s) => <bdi>{s.truck}</bdi> },
    { key: 'destination', title: t('reports.lcReconciliation.destination'), render: (_, s) => s.destination },
    { key: 'portTicket', title: t('reports.lcReconciliation.portTicket'), render: (_, s) => <bdi>{s.portTicket}</bdi> },
    {
      key: 'ticket',
      title: t('reports.lcReconciliation.ticket'),
      render: (_, s) => (
        <Space size={4}>
          <RecordLink record={s.ticket} testId="reconciliation-ticket-link" />
          {s.manual && <Tag color="orange">{t('reports.lcReconciliation.manual')}</Tag>}
        </Space>
      ),
    },
    { key: 'receipt', title: t('reports.lcReconciliation.receipt'), render: (_, s) => <RecordLink record={s.receipt} testId="reconciliation-receipt-link" /> },
    { key: 'receivedAt', title: t('reports.lcReconciliation.receivedAt'), render: (_, s) => (s.receivedAt ? <bdi>{dateTime(s.receivedAt)}</bdi> : null) },
    { key: 'quantity', title: t('reports.lcReconciliation.slipQuantity'), align: 'end', render: (_, s) => <Quantity value={s.quantity} /> },
    { key: 'received', title: t('reports.lcReconciliation.received'), align: 'end', render: (_, s) => <Quantity value={s.received} /> },
    { key: 'inTransit', title: t('reports.lcReconciliation.inTransit'), align: 'end', render: (_, s) => <Quantity value={s.inTransit} /> },
    { key: 'loss', title: t('reports.lcReconciliation.loss'), align: 'end', render: (_, s) => <Quantity value={s.loss} testId="reconciliation-slip-loss" /> },
    { key: 'allowedLoss', title: t('reports.lcReconciliation.allowedLoss'), align: 'end', render: (_, s) => <Quantity value={s.allowedLoss} /> },
    { key: 'breaks', title: t('reports.lcReconciliation.breaks'), render: (_, s) => s.breaks.map((kind) => <BreakTag key={kind} kind={kind} />) },
  ];
  return (
    <Table<TReconciliationSlip>
      rowKey={(s) => s.slip.id}
      size="small"
      scroll={{ x: 'max-content' }}
      loading={slips.isFetching}
      dataSource={slips.data?.rows ?? []}
      columns={columns}
      rowClassName={(s) => (s.breaks.length > 0 ? 'reconciliation-slip-broken' : '')}
      pagination={serverPagination({ page, limit, total: slips.data?.count ?? 0, totalText: (total) => t('reports.rowCount', { count: total }) })}
      onChange={(pagination) => onPage(pagination.current ?? page, pagination.pageSize ?? limit)}
      data-testid="reconciliation-slips"
    />
  );
}

/** A page of the breaks, of the kind picked by a count's tag or all, read from the server. */
function BreaksTable({ consignmentId, kind, page, limit, onPage }: { consignmentId: number; kind: ReconciliationBreakKind | null; page: number; limit: number; onPage: (page: number, limit: number) => void }) {
  const { t } = useTranslation();
  const dateTime = useAgencyDateTime();
  const query = { consignmentId, page, limit, ...(kind ? { kind } : {}) };
  const breaks = useQuery({
    queryKey: ['lc-reconciliation', 'breaks', query],
    queryFn: ({ signal }) => apiOrThrow(`${API}/breaks`, { schema: ZReconciliationBreaks, query, signal }),
    placeholderData: keepPreviousData,
  });
  if (breaks.isError) return <TransactionListError onRetry={() => void breaks.refetch()} testId="reconciliation-breaks" />;
  const breakColumns: TableColumnsType<TReconciliationBreak> = [
    { key: 'kind', title: t('reports.lcReconciliation.kind'), render: (_, b) => <BreakTag kind={b.kind} /> },
    { key: 'record', title: t('reports.lcReconciliation.record'), render: (_, b) => <RecordLink record={b.record} testId="reconciliation-break-record" /> },
    { key: 'slip', title: t('reports.lcReconciliation.slip'), render: (_, b) => <RecordLink record={b.slip} testId="reconciliation-break-slip" /> },
    { key: 'bl', title: t('reports.lcReconciliation.blNumber'), render: (_, b) => <bdi>{b.blNumber}</bdi> },
    { key: 'at', title: t('reports.lcReconciliation.at'), render: (_, b) => <bdi>{dateTime(b.at)}</bdi> },
    { key: 'quantity', title: t('reports.lcReconciliation.quantity'), align: 'end', render: (_, b) => <Quantity value={b.quantity} /> },
    { key: 'reference', title: t('reports.lcReconciliation.reference'), align: 'end', render: (_, b) => <Quantity value={b.reference} /> },
    { key: 'note', title: t('reports.lcReconciliation.note'), render: (_, b) => b.note },
  ];
  return (
    <Table<TReconciliationBreak>
      rowKey={(b) => `${b.kind}:${b.record.kind}:${b.record.id}`}
      size="small"
      scroll={{ x: 'max-content' }}
      loading={breaks.isFetching}
      dataSource={breaks.data?.rows ?? []}
      columns={breakColumns}
      pagination={serverPagination({ page, limit, total: breaks.data?.count ?? 0, totalText: (total) => t('reports.rowCount', { count: total }) })}
      onChange={(pagination) => onPage(pagination.current ?? page, pagination.pageSize ?? limit)}
      data-testid="reconciliation-breaks"
    />
  );
}

export function LcReconciliationPage() {
  const { t } = useTranslation();
  const context = useUserContext();
  const [params, setParams] = useSearchParams();
  const idText = params.get('consignmentId') ?? '';
  const consignmentId = /^\d+$/.test(idText) ? Number(idText) : null;
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const limit = Number(params.get('limit') ?? '20') || 20;
  const breaksPage = Math.max(1, Number(params.get('breaksPage') ?? '1') || 1);
  const breaksLimit = Number(params.get('breaksLimit') ?? '20') || 20;
  const kindText = params.get('breakKind');
  const breakKind = RECONCILIATION_BREAKS.find((kind) => kind === kindText) ?? null;
  /** The slips' and the breaks' paging and the break kind live in the address, beside the LC/PO. */
  const setPaging = (change: Partial<Record<'page' | 'limit' | 'breaksPage' | 'breaksLimit', number>> & { breakKind?: string | null }) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value === null || value === undefined) next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };
  const view = useQuery({
    queryKey: ['lc-reconciliation', 'view', consignmentId],
    queryFn: ({ signal }) => apiOrThrow(API, { schema: ZReconciliationView, query: { consignmentId: consignmentId ?? undefined }, signal }),
    enabled: consignmentId !== null,
  });
  const canExport = hasPermission(context, permissionFlag(LC_RECONCILIATION_MODULE, 'export'));
  const data = view.data;
  const breakTotal = data ? Object.values(data.breakCounts).reduce((sum, n) => sum + n, 0) : 0;
  const pick = (id: number | null | undefined) => setParams(id ? new URLSearchParams({ consignmentId: String(id) }) : new URLSearchParams());

  return (
    <div className="page report-sheet" data-testid="report-lc-reconciliation">
      <style>{PRINT_CSS}</style>
      <PageHeader
        title={t('reports.lcReconciliation.title')}
        titleTestId="report-title"
        actions={
          consignmentId !== null && (
            <Space wrap className="no-print">
              {canExport && <ExportButton listPath={API} query={{ consignmentId }} fileName="lc-reconciliation.xlsx" testId="report-export" />}
              <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="report-print">
                {t('reports.print')}
              </Button>
            </Space>
          )
        }
      />
      <div className="list-filters" data-testid="report-filters">
        <ConsignmentSelect
          className="list-filter"
          placeholder={t('reports.lcReconciliation.pick')}
          aria-label={t('reports.lcReconciliation.pick')}
          value={consignmentId ?? undefined}
          known={data ? { id: data.consignment.id, lcPo: data.consignment.lcPoNumber, refNumber: data.consignment.refNumber } : undefined}
          onChange={(id) => pick(id)}
          data-testid="reconciliation-consignment"
        />
      </div>
      {consignmentId === null ? (
        <Empty description={t('reports.lcReconciliation.pickFirst')} data-testid="reconciliation-empty" />
      ) : view.isError ? (
        <TransactionListError onRetry={() => void view.refetch()} testId="reconciliation" />
      ) : !data ? (
        <Card loading />
      ) : (
        <Space orientation="vertical" size="middle" className="reconciliation" style={{ width: '100%' }}>
          <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} data-testid="reconciliation-consignment-card">
            <Descriptions.Item label={t('reports.lcPo')}>
              <bdi>{data.consignment.lcPoNumber}</bdi>
            </Descriptions.Item>
            <Descriptions.Item label={t('reports.cargoType')}>{data.consignment.cargoType}</Descriptions.Item>
            <Descriptions.Item label={t('reports.lcReconciliation.quantity')}>
              <Quantity value={data.consignment.quantity} />
            </Descriptions.Item>
            <Descriptions.Item label={t('reports.lcReconciliation.blConsignee')}>{data.consignment.blConsignee}</Descriptions.Item>
            <Descriptions.Item label={t('reports.lcReconciliation.shipmentManager')}>{data.consignment.shipmentManager ?? '—'}</Descriptions.Item>
          </Descriptions>
          <Card size="small" title={t('reports.lcReconciliation.chain')}>
            <Steps
              size="small"
              current={-1}
              data-testid="reconciliation-steps"
              items={data.steps.map((step) => {
                const broken = (STEP_BREAKS[step.key] ?? []).some((kind) => data.breakCounts[kind] > 0);
                return {
                  title: t(`reports.lcReconciliation.steps.${step.key}`),
                  status: broken ? 'error' : 'finish',
                  content: (
                    <div data-testid={`reconciliation-step-${step.key}`}>
                      <div>
                        <strong>
                          <Quantity value={step.quantity} testId={`reconciliation-step-${step.key}-quantity`} />
                        </strong>{' '}
                        MT
                      </div>
                      <Typography.Text type="secondary">{t('reports.lcReconciliation.count', { count: step.count })}</Typography.Text>
                      {step.difference !== null && (
                        <div>
                          <Typography.Text type="secondary">
                            {t('reports.lcReconciliation.difference')}: <Quantity value={step.difference} testId={`reconciliation-step-${step.key}-difference`} />
                          </Typography.Text>
                        </div>
                      )}
                    </div>
                  ),
                };
              })}
            />
            <Descriptions size="small" column={{ xs: 1, md: 3 }} className="reconciliation-figures" data-testid="reconciliation-figures">
              {Object.entries(data.figures).map(([key, value]) => (
                <Descriptions.Item key={key} label={t(`reports.lcReconciliation.figures.${key}`)}>
                  <Quantity value={value} testId={`reconciliation-figure-${key}`} />
                </Descriptions.Item>
              ))}
            </Descriptions>
          </Card>
          <Card
            size="small"
            title={t('reports.lcReconciliation.breaks')}
            extra={
              <Space wrap size={4}>
                {Object.entries(data.breakCounts)
                  .filter(([, n]) => n > 0)
                  .map(([kindKey, n]) => (
                    <Tag.CheckableTag
                      key={kindKey}
                      checked={breakKind === kindKey}
                      onChange={(checked) => setPaging({ breakKind: checked ? kindKey : null, breaksPage: 1 })}
                      data-testid={`reconciliation-break-count-${kindKey}`}
                    >
                      {t(`reports.lcReconciliation.breakKinds.${kindKey}`)}: {n}
                    </Tag.CheckableTag>
                  ))}
              </Space>
            }
          >
            {breakTotal === 0 ? (
              <Alert type="success" showIcon title={t('reports.lcReconciliation.noBreaks')} data-testid="reconciliation-no-breaks" />
            ) : (
              <BreaksTable
                consignmentId={consignmentId}
                kind={breakKind}
                page={breaksPage}
                limit={breaksLimit}
                onPage={(nextPage, nextLimit) => setPaging({ breaksPage: nextPage, breaksLimit: nextLimit })}
              />
            )}
          </Card>
          <Card size="small" title={t('reports.lcReconciliation.slips')}>
            <SlipsTable
              consignmentId={consignmentId}
              page={page}
              limit={limit}
              onPage={(nextPage, nextLimit) => setPaging({ page: nextPage, limit: nextLimit })}
            />
          </Card>
        </Space>
      )}
    </div>
  );
}

export default LcReconciliationPage;
