import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { App, Button, Card, Flex, Form, Input, Modal, Popconfirm, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlayCircleOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BUILDER_OPERATORS,
  builderDataset,
  builderDatasets,
  hasPermission,
  measureKey,
  permissionFlag,
  ZBuilderDefinition,
  ZBuilderResult,
  ZBuilderRoles,
  ZBuilderSaved,
  ZBuilderSavedList,
  type BuilderField,
  type BuilderOperator,
  type TBuilderColumn,
  type TBuilderDefinition,
  type TBuilderFilter,
  type TBuilderMeasure,
  type TBuilderResult,
  type TBuilderSaved,
} from '@tonnage/contracts';
import { api, apiOrThrow, apiSend } from '../../app/api';
import { formatDate } from '../../app/format';
import { serverPagination } from '../../app/pagination';
import { useUserContext } from '../../app/session';
import { ExportButton } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { TransactionListError } from '../../components/transactions/TransactionListError';

/*
 * The report builder (issue 16, spec route `reportBuilder`): pick a dataset, group-by fields, measures with their
 * aggregation, filters, a sort, optionally a pivot and a chart, and Run; the server compiles the definition (a JSON
 * object the contracts check against the datasets' whitelist, never SQL) into one statement in the user's scope and
 * answers a page and the totals. A definition is saved under a name and shared with roles; `?report=<id>` opens a
 * saved one and runs it. The chart is a lazy chunk (the dashboard's SVG charts).
 */

const BuilderChart = lazy(() => import('./BuilderChart'));

const API = '/api/report-builder';
type Row = TBuilderResult['rows'][number];

/** The editor's state: a definition being built (the dataset may not be chosen yet). */
interface Draft extends Omit<TBuilderDefinition, 'dataset'> {
  dataset: TBuilderDefinition['dataset'] | undefined;
}

const EMPTY: Draft = { dataset: undefined, dimensions: [], measures: [], filters: [] };

function fieldsOf(dataset: string | undefined, kind: BuilderField['kind']): BuilderField[] {
  return (dataset ? builderDataset(dataset)?.fields : undefined)?.filter((f) => f.kind === kind) ?? [];
}

/** The conditions a field takes: dates and months compare, texts contain. */
function operatorsOf(field: BuilderField | undefined): BuilderOperator[] {
  if (!field) return ['eq'];
  if (field.type === 'date' || field.type === 'month') return ['eq', 'ne', 'in', 'from', 'to'];
  if (field.codes) return ['eq', 'ne', 'in'];
  return BUILDER_OPERATORS.filter((op) => op !== 'from' && op !== 'to');
}

/** The draft as a definition (the whitelist's checks run here as on the server), or the first problem. */
function toDefinition(draft: Draft): { definition: TBuilderDefinition } | { problem: string } {
  const parsed = ZBuilderDefinition.safeParse({
    ...draft,
    sort: draft.sort ?? undefined,
    pivot: draft.pivot ?? undefined,
    chart: draft.chart ?? undefined,
  });
  if (parsed.success) return { definition: parsed.data };
  return { problem: parsed.error.issues[0]?.message ?? 'Invalid report' };
}

function SaveDialog({ open, saved, asNew, onClose, onSave }: { open: boolean; saved: TBuilderSaved | undefined; asNew: boolean; onClose: () => void; onSave: (name: string, roles: number[]) => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; sharedRoleIds: number[] }>();
  const roles = useQuery({ queryKey: ['reportBuilder', 'roles'], queryFn: ({ signal }) => apiOrThrow(`${API}/roles`, { schema: ZBuilderRoles, signal }), enabled: open });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) form.setFieldsValue({ name: asNew ? '' : (saved?.name ?? ''), sharedRoleIds: saved?.sharedRoleIds ?? [] });
  }, [open, saved, asNew, form]);
  return (
    <Modal
      open={open}
      title={asNew || !saved ? t('reportBuilder.saveAs') : t('reportBuilder.save')}
      onCancel={onClose}
      okText={t('reportBuilder.save')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'builder-save-confirm' }}
      onOk={() =>
        void form.validateFields().then(async (values) => {
          setBusy(true);
          try {
            await onSave(values.name, values.sharedRoleIds);
          } finally {
            setBusy(false);
          }
        })
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="name" label={t('reportBuilder.name')} rules={[{ required: true, whitespace: true, message: t('The report needs a name.') }]}>
          <Input maxLength={120} data-testid="builder-save-name" />
        </Form.Item>
        <Form.Item name="sharedRoleIds" label={t('reportBuilder.shareWith')}>
          <Select
            mode="multiple"
            allowClear
            loading={roles.isLoading}
            options={(roles.data?.rows ?? []).map((r) => ({ value: r.id, label: r.name }))}
            optionFilterProp="label"
            data-testid="builder-save-roles"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ReportBuilderPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const context = useUserContext();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const openId = /^\d+$/.test(params.get('report') ?? '') ? Number(params.get('report')) : undefined;
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [ran, setRan] = useState<{ definition: TBuilderDefinition; savedId: number | undefined } | null>(null);
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [dialog, setDialog] = useState<'save' | 'saveAs' | null>(null);
  const canExport = hasPermission(context, permissionFlag('ReportBuilder', 'export'));

  const savedList = useQuery({ queryKey: ['reportBuilder', 'saved'], queryFn: ({ signal }) => apiOrThrow(`${API}/reports`, { schema: ZBuilderSavedList, signal }) });
  const saved = savedList.data?.rows.find((r) => r.id === openId);

  // Opening a saved report (from the picker or the URL) loads its definition and runs it.
  const [loadedId, setLoadedId] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (!saved || loadedId === saved.id) return;
    setLoadedId(saved.id);
    setDraft(saved.definition);
    setPaging((p) => ({ ...p, page: 1 }));
    setRan({ definition: saved.definition, savedId: saved.id });
  }, [saved, loadedId]);

  const result = useQuery<TBuilderResult, Error, TBuilderResult, readonly unknown[]>({
    queryKey: ['reportBuilder', 'run', ran, paging],
    enabled: ran !== null,
    // The previous page stays while the next one loads, but not another report's rows under this report's columns.
    placeholderData: (previous, previousQuery) => (previousQuery && JSON.stringify(previousQuery.queryKey[2]) === JSON.stringify(ran) ? previous : undefined),
    queryFn: ({ signal }) =>
      ran?.savedId !== undefined
        ? apiOrThrow(`${API}/reports/${ran.savedId}/run`, { method: 'POST', body: paging, schema: ZBuilderResult, signal })
        : apiOrThrow(`${API}/run`, { method: 'POST', body: { definition: ran?.definition, ...paging }, schema: ZBuilderResult, signal }),
  });

  const dimensions = fieldsOf(draft.dataset, 'dimension');
  const measures = fieldsOf(draft.dataset, 'measure');
  const fieldLabel = (key: string) => t(`reportBuilder.fields.${key}`);
  const aggLabel = (agg: string) => t(`reportBuilder.aggregations.${agg}`);
  const measureLabel = (m: TBuilderMeasure) => `${fieldLabel(m.field)} · ${aggLabel(m.agg)}`;
  const codedOf = (dataset: string | undefined, key: string) => fieldsOf(dataset, 'dimension').find((f) => f.key === key)?.codes;
  const valueText = (dataset: string | undefined, key: string, value: string | number | null | undefined): string => {
    if (value === null || value === undefined) return '';
    return codedOf(dataset, key) ? t(`reportBuilder.values.${String(value)}`) : String(value);
  };
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));

  const chooseDataset = (dataset: TBuilderDefinition['dataset']) => {
    const first = fieldsOf(dataset, 'measure')[0];
    setDraft({ ...EMPTY, dataset, measures: first ? [{ field: first.key, agg: first.aggregations?.[0] ?? 'sum' }] : [] });
  };

  // A new report: the address loses `report`; the one shown stays marked as loaded, so the render before the address
  // changes does not open it again.
  const startNew = () => {
    setParams({});
    setDraft(EMPTY);
    setRan(null);
  };

  const run = () => {
    const checked = toDefinition(draft);
    if ('problem' in checked) {
      void message.error(t(checked.problem));
      return;
    }
    const unchanged = saved && JSON.stringify(ZBuilderDefinition.parse(saved.definition)) === JSON.stringify(checked.definition);
    setPaging((p) => ({ ...p, page: 1 }));
    setRan({ definition: checked.definition, savedId: unchanged ? saved.id : undefined });
  };

  const save = async (name: string, sharedRoleIds: number[]) => {
    const checked = toDefinition(draft);
    if ('problem' in checked) {
      void message.error(t(checked.problem));
      return;
    }
    const change = dialog === 'save' && saved?.mine;
    const answer = await api(change ? `${API}/reports/${saved.id}` : `${API}/reports`, { method: change ? 'PUT' : 'POST', body: { name, definition: checked.definition, sharedRoleIds }, schema: ZBuilderSaved });
    if (!answer) return;
    void message.success(t('reportBuilder.savedMessage'));
    setDialog(null);
    await queryClient.invalidateQueries({ queryKey: ['reportBuilder', 'saved'] });
    setLoadedId(answer.id);
    setParams({ report: String(answer.id) });
    setRan({ definition: answer.definition, savedId: answer.id });
  };

  const remove = async () => {
    if (!saved) return;
    if (!(await apiSend(`${API}/reports/${saved.id}`, { method: 'DELETE' }))) return;
    void message.success(t('reportBuilder.deletedMessage'));
    setParams({});
    setDraft(EMPTY);
    setRan(null);
    await queryClient.invalidateQueries({ queryKey: ['reportBuilder', 'saved'] });
  };

  const shown = ran?.definition;
  const data = result.data;
  const columnTitle = (c: TBuilderColumn): string => {
    const measure = c.kind === 'measure' && c.agg ? `${t(c.label)} · ${aggLabel(c.agg)}` : t(c.label);
    if (c.pivotValue !== undefined) {
      const head = c.pivotValue === null ? t('reportBuilder.none') : valueText(shown?.dataset, shown?.pivot?.field ?? '', c.pivotValue);
      const measureField = shown?.measures.find((m) => c.key.endsWith(`__${measureKey(m)}`));
      return (shown?.measures.length ?? 0) > 1 && measureField ? `${head} · ${measureLabel(measureField)}` : head;
    }
    if (shown?.pivot && c.kind === 'measure') return `${t('reportBuilder.totals')} · ${measure}`;
    return measure;
  };
  const cell = (c: TBuilderColumn, value: string | number | null | undefined, testId: string): ReactNode => {
    if (value === null || value === undefined) return <span data-testid={testId} />;
    if (c.type === 'tonnes') {
      const number = Number(value);
      return (
        <bdi className="quantity" data-testid={testId}>
          {number.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })}
        </bdi>
      );
    }
    if (c.type === 'date') return <bdi data-testid={testId}>{formatDate(String(value))}</bdi>;
    if (c.type === 'month') return <bdi data-testid={testId}>{String(value)}</bdi>;
    return <span data-testid={testId}>{c.kind === 'dimension' ? valueText(shown?.dataset, c.key, value) : value}</span>;
  };
  const columns: TableColumnsType<Row> = (data?.columns ?? []).map((c) => ({
    key: c.key,
    title: columnTitle(c),
    align: c.kind === 'measure' ? ('end' as const) : undefined,
    render: (_v: unknown, row: Row) => cell(c, row[c.key], `builder-cell-${c.key}`),
  }));
  const categoryOf = (row: Row) =>
    (shown?.dimensions ?? [])
      .map((d) => valueText(shown?.dataset, d, row[d]) || t('reportBuilder.none'))
      .join(' · ');
  const chartMeasure = shown?.chart ? shown.measures.find((m) => measureKey(m) === shown.chart?.measure) : undefined;

  const sortOptions = [...draft.dimensions.map((d) => ({ value: d, label: fieldLabel(d) })), ...draft.measures.map((m) => ({ value: measureKey(m), label: measureLabel(m) }))];

  return (
    <div className="page" data-testid="report-builder">
      <PageHeader
        title={t('reportBuilder.title')}
        titleTestId="builder-title"
        actions={
          <Space wrap>
            <Select
              style={{ minWidth: 240 }}
              placeholder={t('reportBuilder.openSaved')}
              value={saved?.id}
              allowClear
              onChange={(id?: number) => {
                if (id === undefined) startNew();
                else {
                  // Opened afresh, even the report shown before a New.
                  setLoadedId(undefined);
                  setParams({ report: String(id) });
                }
              }}
              options={(savedList.data?.rows ?? []).map((r) => ({ value: r.id, label: r.mine ? r.name : `${r.name} — ${t('reportBuilder.ownedBy', { name: r.ownerName })}` }))}
              data-testid="builder-saved"
              aria-label={t('reportBuilder.savedReports')}
            />
            <Button
              icon={<PlusOutlined />}
              onClick={startNew}
              data-testid="builder-new"
            >
              {t('reportBuilder.newReport')}
            </Button>
            {canExport && ran && <ExportButton listPath={API} query={{ definition: JSON.stringify(ran.definition) }} fileName="report-builder.xlsx" testId="builder-export" />}
          </Space>
        }
      />
      <Card size="small" data-testid="builder-definition" style={{ marginBottom: 16 }}>
        <Flex vertical gap={12}>
          <Flex wrap gap={12} align="center">
            <Typography.Text strong>{t('reportBuilder.dataset')}</Typography.Text>
            <Select
              style={{ minWidth: 220 }}
              value={draft.dataset}
              placeholder={t('reportBuilder.dataset')}
              onChange={chooseDataset}
              options={builderDatasets.map((d) => ({ value: d.key, label: t(d.label) }))}
              data-testid="builder-dataset"
              aria-label={t('reportBuilder.dataset')}
            />
            <Typography.Text strong>{t('reportBuilder.groupBy')}</Typography.Text>
            <Select
              mode="multiple"
              style={{ minWidth: 300 }}
              value={draft.dimensions}
              disabled={!draft.dataset}
              onChange={(values: string[]) => set({ dimensions: values, pivot: draft.pivot && values.includes(draft.pivot.field) ? undefined : draft.pivot })}
              options={dimensions.map((f) => ({ value: f.key, label: t(f.label) }))}
              virtual={false}
              data-testid="builder-dimensions"
              aria-label={t('reportBuilder.groupBy')}
            />
          </Flex>

          <Flex vertical gap={8} data-testid="builder-measures">
            <Typography.Text strong>{t('reportBuilder.measures')}</Typography.Text>
            {draft.measures.map((m, i) => {
              const field = measures.find((f) => f.key === m.field);
              return (
                <Space key={i} wrap>
                  <Select
                    style={{ minWidth: 220 }}
                    value={m.field}
                    onChange={(key: string) => {
                      const f = measures.find((x) => x.key === key);
                      set({ measures: draft.measures.map((x, j) => (j === i ? { field: key, agg: f?.aggregations?.includes(x.agg) ? x.agg : (f?.aggregations?.[0] ?? 'sum') } : x)) });
                    }}
                    options={measures.map((f) => ({ value: f.key, label: t(f.label) }))}
                    virtual={false}
              data-testid={`builder-measure-field-${i}`}
                    aria-label={t('reportBuilder.field')}
                  />
                  <Select
                    style={{ minWidth: 140 }}
                    value={m.agg}
                    onChange={(agg: TBuilderMeasure['agg']) => set({ measures: draft.measures.map((x, j) => (j === i ? { ...x, agg } : x)) })}
                    options={(field?.aggregations ?? []).map((a) => ({ value: a, label: aggLabel(a) }))}
                    data-testid={`builder-measure-agg-${i}`}
                    aria-label={t('reportBuilder.aggregation')}
                  />
                  <Button icon={<DeleteOutlined />} aria-label={t('reportBuilder.remove')} onClick={() => set({ measures: draft.measures.filter((_x, j) => j !== i) })} />
                </Space>
              );
            })}
            <div>
              <Button
                icon={<PlusOutlined />}
                disabled={!draft.dataset || measures.length === 0}
                onClick={() => {
                  const f = measures[0];
                  if (f) set({ measures: [...draft.measures, { field: f.key, agg: f.aggregations?.[0] ?? 'sum' }] });
                }}
                data-testid="builder-add-measure"
              >
                {t('reportBuilder.addMeasure')}
              </Button>
            </div>
          </Flex>

          <Flex vertical gap={8} data-testid="builder-filters">
            <Typography.Text strong>{t('reportBuilder.filters')}</Typography.Text>
            {draft.filters.map((f, i) => {
              const field = dimensions.find((x) => x.key === f.field);
              const setFilter = (changes: Partial<TBuilderFilter>) => set({ filters: draft.filters.map((x, j) => (j === i ? ({ ...x, ...changes }) : x)) });
              const list = f.op === 'in';
              return (
                <Space key={i} wrap>
                  <Select
                    style={{ minWidth: 180 }}
                    value={f.field}
                    onChange={(key: string) => setFilter({ field: key, op: 'eq', value: '' })}
                    options={dimensions.map((x) => ({ value: x.key, label: t(x.label) }))}
                    virtual={false}
              data-testid={`builder-filter-field-${i}`}
                    aria-label={t('reportBuilder.field')}
                  />
                  <Select
                    style={{ minWidth: 140 }}
                    value={f.op}
                    onChange={(op: BuilderOperator) => setFilter({ op, value: op === 'in' ? [] : '' })}
                    options={operatorsOf(field).map((op) => ({ value: op, label: t(`reportBuilder.ops.${op}`) }))}
                    data-testid={`builder-filter-op-${i}`}
                    aria-label={t('reportBuilder.operator')}
                  />
                  {field?.codes ? (
                    <Select
                      style={{ minWidth: 200 }}
                      mode={list ? 'multiple' : undefined}
                      value={f.value}
                      onChange={(value: string | string[]) => setFilter({ value })}
                      options={field.codes.map((code) => ({ value: code, label: t(`reportBuilder.values.${code}`) }))}
                      data-testid={`builder-filter-value-${i}`}
                      aria-label={t('reportBuilder.value')}
                    />
                  ) : list ? (
                    <Select style={{ minWidth: 240 }} mode="tags" value={f.value as string[]} onChange={(value: string[]) => setFilter({ value })} data-testid={`builder-filter-value-${i}`} aria-label={t('reportBuilder.value')} />
                  ) : (
                    <Input
                      style={{ width: 220 }}
                      value={String(f.value)}
                      placeholder={field?.type === 'date' ? 'YYYY-MM-DD' : field?.type === 'month' ? 'YYYY-MM' : ''}
                      onChange={(e) => setFilter({ value: e.target.value })}
                      data-testid={`builder-filter-value-${i}`}
                      aria-label={t('reportBuilder.value')}
                    />
                  )}
                  <Button icon={<DeleteOutlined />} aria-label={t('reportBuilder.remove')} onClick={() => set({ filters: draft.filters.filter((_x, j) => j !== i) })} />
                </Space>
              );
            })}
            <div>
              <Button
                icon={<PlusOutlined />}
                disabled={!draft.dataset}
                onClick={() => {
                  const f = dimensions[0];
                  if (f) set({ filters: [...draft.filters, { field: f.key, op: 'eq', value: '' }] });
                }}
                data-testid="builder-add-filter"
              >
                {t('reportBuilder.addFilter')}
              </Button>
            </div>
          </Flex>

          <Flex wrap gap={12} align="center">
            <Typography.Text strong>{t('reportBuilder.pivot')}</Typography.Text>
            <Select
              style={{ minWidth: 180 }}
              allowClear
              placeholder={t('reportBuilder.noPivot')}
              value={draft.pivot?.field}
              onChange={(field?: string) => set({ pivot: field ? { field } : undefined })}
              options={dimensions.filter((f) => !draft.dimensions.includes(f.key)).map((f) => ({ value: f.key, label: t(f.label) }))}
              virtual={false}
              data-testid="builder-pivot"
              aria-label={t('reportBuilder.pivot')}
            />
            <Typography.Text strong>{t('reportBuilder.sortBy')}</Typography.Text>
            <Select
              style={{ minWidth: 180 }}
              allowClear
              value={draft.sort?.key}
              onChange={(key?: string) => set({ sort: key ? { key, order: draft.sort?.order ?? 'asc' } : undefined })}
              options={sortOptions}
              virtual={false}
              data-testid="builder-sort"
              aria-label={t('reportBuilder.sortBy')}
            />
            <Select
              style={{ minWidth: 130 }}
              value={draft.sort?.order ?? 'asc'}
              disabled={!draft.sort}
              onChange={(order: 'asc' | 'desc') => draft.sort && set({ sort: { ...draft.sort, order } })}
              options={[
                { value: 'asc', label: t('reportBuilder.ascending') },
                { value: 'desc', label: t('reportBuilder.descending') },
              ]}
              data-testid="builder-sort-order"
              aria-label={t('reportBuilder.sortBy')}
            />
            <Typography.Text strong>{t('reportBuilder.chart')}</Typography.Text>
            <Select
              style={{ minWidth: 150 }}
              value={draft.chart?.type ?? 'none'}
              onChange={(type: 'none' | 'bar' | 'pie') => set({ chart: type === 'none' ? undefined : { type, measure: draft.chart?.measure ?? (draft.measures[0] ? measureKey(draft.measures[0]) : '') } })}
              options={[
                { value: 'none', label: t('reportBuilder.noChart') },
                { value: 'bar', label: t('reportBuilder.chartBar') },
                { value: 'pie', label: t('reportBuilder.chartPie') },
              ]}
              data-testid="builder-chart"
              aria-label={t('reportBuilder.chart')}
            />
            {draft.chart && (
              <Space>
                <Typography.Text strong>{t('reportBuilder.chartMeasure')}</Typography.Text>
                <Select
                  style={{ minWidth: 200 }}
                  value={draft.chart.measure}
                  onChange={(measure: string) => draft.chart && set({ chart: { ...draft.chart, measure } })}
                  options={draft.measures.map((m) => ({ value: measureKey(m), label: measureLabel(m) }))}
                  data-testid="builder-chart-measure"
                  aria-label={t('reportBuilder.chartMeasure')}
                />
              </Space>
            )}
          </Flex>

          <Space wrap>
            <Button type="primary" icon={<PlayCircleOutlined />} onClick={run} disabled={!draft.dataset} data-testid="builder-run">
              {t('reportBuilder.run')}
            </Button>
            <Button icon={<SaveOutlined />} onClick={() => setDialog(saved?.mine ? 'save' : 'saveAs')} disabled={!draft.dataset} data-testid="builder-save">
              {t('reportBuilder.save')}
            </Button>
            {saved && (
              <Button onClick={() => setDialog('saveAs')} data-testid="builder-save-as">
                {t('reportBuilder.saveAs')}
              </Button>
            )}
            {saved?.mine && (
              <Popconfirm title={t('reportBuilder.confirmDelete')} onConfirm={() => void remove()}>
                <Button danger icon={<DeleteOutlined />} data-testid="builder-delete">
                  {t('reportBuilder.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        </Flex>
      </Card>

      {!ran ? (
        <Typography.Paragraph type="secondary" data-testid="builder-empty">
          {t('reportBuilder.empty')}
        </Typography.Paragraph>
      ) : result.isError ? (
        <TransactionListError onRetry={() => void result.refetch()} testId="builder" />
      ) : (
        <>
          {shown?.chart && data && (
            <Card size="small" style={{ marginBottom: 16 }} data-testid="builder-chart-card">
              <Suspense fallback={null}>
                <BuilderChart definition={shown} result={data} categoryOf={categoryOf} measureLabel={chartMeasure ? measureLabel(chartMeasure) : ''} />
              </Suspense>
            </Card>
          )}
          <Table<Row>
            rowKey={(row) => JSON.stringify(row)}
            size="middle"
            scroll={{ x: 'max-content' }}
            loading={result.isFetching}
            dataSource={data?.rows ?? []}
            columns={columns}
            summary={() =>
              // Without a grouping the one row is the total itself.
              data && data.columns[0]?.kind === 'dimension' ? (
                <Table.Summary fixed>
                  <Table.Summary.Row className="report-totals" data-testid="builder-totals">
                    {data.columns.map((c, index) => (
                      <Table.Summary.Cell key={c.key} index={index} align={c.kind === 'measure' ? 'end' : undefined}>
                        {index === 0 ? <strong>{t('reportBuilder.totals')}</strong> : c.kind === 'measure' ? <strong>{cell(c, data.totals[c.key], `builder-total-${c.key}`)}</strong> : null}
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                </Table.Summary>
              ) : null
            }
            pagination={serverPagination({ page: paging.page, limit: paging.limit, total: data?.count ?? 0, totalText: (total) => t('reportBuilder.rowCount', { count: total }) })}
            onChange={(pagination) => setPaging({ page: pagination.current ?? 1, limit: pagination.pageSize ?? paging.limit })}
            data-testid="builder-table"
          />
        </>
      )}
      <SaveDialog open={dialog !== null} saved={saved} asNew={dialog === 'saveAs'} onClose={() => setDialog(null)} onSave={save} />
    </div>
  );
}

export default ReportBuilderPage;
