import { useState } from 'react';
import { App, Button, Dropdown, Space } from 'antd';
import { DownOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Query } from '../app/api';
import { useSession } from '../app/session';
import { putJob, setExportJobsOpen, startExport } from '../features/exports/export-api';
import { downloadFile, listExportUrl } from './resources/resource-api';
import { declarationLanguage } from './resources/resource-text';

/**
 * The Excel export of a list (master data, transaction lists, reports), with the list's filters and sort (no paging)
 * and headers in the user's language. The server decides (`POST <list>/export`): a result up to its threshold is
 * downloaded at once from `<list>/export.xlsx`; a larger one becomes a background job, followed in the top bar's
 * exports. "Export in the background" makes it a job whatever its size.
 */
export function ExportButton({ listPath, query, fileName, testId }: { listPath: string; query: Query; fileName: string; testId: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { selectedAgencyId } = useSession();
  const [exporting, setExporting] = useState(false);
  const lang = declarationLanguage(i18n.language);

  const start = async (background: boolean) => {
    setExporting(true);
    try {
      const answer = await startExport(listPath, query, lang, background);
      if (!answer) return;
      if (answer.mode === 'direct') {
        await downloadFile(listExportUrl(listPath, query, lang), fileName);
        return;
      }
      putJob(queryClient, selectedAgencyId, answer.job);
      void message.info(t('exports.started'));
      setExportJobsOpen(true);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Space.Compact>
      <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void start(false)} data-testid={testId}>
        {t('resources.export')}
      </Button>
      <Dropdown
        trigger={['click']}
        disabled={exporting}
        menu={{ items: [{ key: 'background', label: <span data-testid={`${testId}-background`}>{t('exports.inBackground')}</span>, onClick: () => void start(true) }] }}
      >
        <Button icon={<DownOutlined />} aria-label={t('exports.moreOptions')} data-testid={`${testId}-more`} />
      </Dropdown>
    </Space.Compact>
  );
}
