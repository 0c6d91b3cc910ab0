import { useState } from 'react';
import { Button } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Query } from '../app/api';
import { downloadFile, listExportUrl } from './resources/resource-api';
import { declarationLanguage } from './resources/resource-text';

/**
 * The Excel export of a list (master data and transaction lists): downloads `<listPath>/export.xlsx` with the list's
 * filters and sort (no paging), headers in the user's language.
 */
export function ExportButton({ listPath, query, fileName, testId }: { listPath: string; query: Query; fileName: string; testId: string }) {
  const { t, i18n } = useTranslation();
  const [exporting, setExporting] = useState(false);
  return (
    <Button
      icon={<FileExcelOutlined />}
      loading={exporting}
      onClick={() => {
        setExporting(true);
        void downloadFile(listExportUrl(listPath, query, declarationLanguage(i18n.language)), fileName).finally(() => setExporting(false));
      }}
      data-testid={testId}
    >
      {t('resources.export')}
    </Button>
  );
}
