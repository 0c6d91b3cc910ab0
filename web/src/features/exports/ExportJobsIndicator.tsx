import { useState } from 'react';
import { Badge, Button, Dropdown, List, Progress, Space, Spin, Tooltip, Typography } from 'antd';
import { CloseOutlined, CloudDownloadOutlined, DownloadOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { reportRegistry, resourceRegistry, transactionRegistry, type TExportJob, type TExportJobList } from '@tonnage/contracts';
import { formatDateTime } from '../../app/format';
import { translateMessage } from '../../app/i18n';
import { useSession } from '../../app/session';
import { declarationLanguage } from '../../components/resources/resource-text';
import { downloadJob, exportJobKeys, isActiveJob, putJob, removeJob, setExportJobsOpen, useExportJobs, useExportJobsOpen } from './export-api';

/** What a job exports, in the user's language: the list's title, as its screen names it. */
export function datasetTitle(dataset: string, t: TFunction, language: string): string {
  const [kind, key] = dataset.split(':');
  if (kind === 'transaction') {
    const declaration = transactionRegistry.find((d) => d.key === key);
    if (declaration) return t(declaration.labels.title);
  }
  if (kind === 'resource') {
    const resource = resourceRegistry.find((r) => r.key === key);
    if (resource) return resource.labels.many[declarationLanguage(language)];
  }
  if (kind === 'report') {
    const report = reportRegistry.find((r) => r.key === key);
    if (report) return t(report.title);
  }
  if (kind === 'report' || kind === 'list') return t(`exports.datasets.${key ?? ''}`, { defaultValue: dataset });
  return dataset;
}

const numberFormat = new Intl.NumberFormat('en-US');

/** A file size as people read it (KB, MB). */
function sizeText(bytes: number | null, t: TFunction): string {
  if (bytes === null) return '';
  if (bytes >= 1024 * 1024) return t('exports.sizeMb', { size: (bytes / (1024 * 1024)).toFixed(1) });
  return t('exports.sizeKb', { size: Math.max(1, Math.round(bytes / 1024)) });
}

/** The percent of a job's rows written (0 while the total is not counted yet). */
export function jobPercent(job: TExportJob): number {
  if (job.status === 'done') return 100;
  if (!job.totalRows) return 0;
  return Math.min(99, Math.floor((job.rowsWritten / job.totalRows) * 100));
}

function JobRow({ job }: { job: TExportJob }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { selectedAgencyId } = useSession();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      const after = await removeJob(job);
      if (after === undefined) return;
      if (after) putJob(queryClient, selectedAgencyId, after);
      else queryClient.setQueryData<TExportJobList>(exportJobKeys.list(selectedAgencyId), (list) => list && { rows: list.rows.filter((row) => row.id !== job.id) });
    } finally {
      setBusy(false);
    }
  };
  const active = isActiveJob(job);
  const rows = (n: number) => numberFormat.format(n);
  return (
    <List.Item className="export-job" data-testid="export-job" data-status={job.status} data-id={job.id}>
      <div className="export-job-body">
        <div className="export-job-head">
          <Typography.Text strong ellipsis className="export-job-title">
            <bdi>{datasetTitle(job.dataset, t, i18n.language)}</bdi>
          </Typography.Text>
          <Tooltip title={active ? t('exports.cancel') : t('exports.remove')}>
            <Button
              type="text"
              size="small"
              icon={active ? <StopOutlined /> : <CloseOutlined />}
              loading={busy}
              onClick={() => void remove()}
              aria-label={active ? t('exports.cancel') : t('exports.remove')}
              data-testid={active ? 'export-job-cancel' : 'export-job-remove'}
            />
          </Tooltip>
        </div>
        <Typography.Text type="secondary" className="export-job-meta">
          <bdi>{job.fileName}</bdi> · {formatDateTime(job.createdAt)}
        </Typography.Text>
        {active && (
          <>
            <Progress percent={jobPercent(job)} size="small" status="active" data-testid="export-job-progress" />
            <Typography.Text type="secondary" data-testid="export-job-status">
              {job.status === 'queued'
                ? t('exports.queued')
                : job.totalRows === null
                  ? t('exports.counting')
                  : t('exports.progress', { written: rows(job.rowsWritten), total: rows(job.totalRows) })}
            </Typography.Text>
          </>
        )}
        {job.status === 'done' && (
          <Space className="export-job-ready" wrap>
            <Button type="primary" size="small" icon={<DownloadOutlined />} onClick={() => void downloadJob(job)} data-testid="export-job-download">
              {t('exports.download')}
            </Button>
            <Typography.Text type="secondary" data-testid="export-job-status">
              {t(job.sheets !== null && job.sheets > 1 ? 'exports.readySheets' : 'exports.ready', { rows: rows(job.rowsWritten), sheets: job.sheets ?? 1 })}
              {job.fileBytes !== null ? ` · ${sizeText(job.fileBytes, t)}` : ''}
            </Typography.Text>
            {job.expiresAt !== null && <Typography.Text type="secondary">{t('exports.until', { at: formatDateTime(job.expiresAt) })}</Typography.Text>}
          </Space>
        )}
        {job.status === 'failed' && (
          <Typography.Text type="danger" data-testid="export-job-status">
            {translateMessage(job.error ?? '') || t('exports.failed')}
          </Typography.Text>
        )}
        {job.status === 'cancelled' && (
          <Typography.Text type="secondary" data-testid="export-job-status">
            {t('exports.cancelled')}
          </Typography.Text>
        )}
      </div>
    </List.Item>
  );
}

/**
 * The top bar's exports (issue 16): the user's background exports in the selected agency, from the server, so they
 * outlive the page that started them and a reload. The badge counts those under way; the panel shows each with a
 * progress bar, then its Download button. Shown once the user has any.
 */
export function ExportJobsIndicator() {
  const { t } = useTranslation();
  const jobs = useExportJobs();
  const open = useExportJobsOpen();
  const rows = jobs.data?.rows ?? [];
  if (rows.length === 0) return null;
  const active = rows.filter(isActiveJob).length;
  const panel = (
    <div className="export-jobs-panel" data-testid="export-jobs-panel">
      <Typography.Text strong className="export-jobs-title">
        {t('exports.title')}
      </Typography.Text>
      {jobs.isPending ? (
        <Spin />
      ) : (
        <List<TExportJob> size="small" dataSource={rows} rowKey={(job) => job.id} renderItem={(job) => <JobRow job={job} />} />
      )}
    </div>
  );
  return (
    <Dropdown trigger={['click']} placement="bottomRight" open={open} onOpenChange={setExportJobsOpen} popupRender={() => panel}>
      <Button type="text" className="export-jobs-trigger" aria-label={t('exports.open')} data-testid="export-jobs">
        <Badge count={active} size="small" data-testid="export-jobs-count">
          <CloudDownloadOutlined className="export-jobs-icon" />
        </Badge>
      </Button>
    </Dropdown>
  );
}
