import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Flex, Result, Space, Table, Typography, Upload, type TableColumnsType, type UploadFile } from 'antd';
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IMPORT_MAX_MB, type ResourceDef, type TImportError } from '@tonnage/contracts';
import { reportFailure } from '../../app/api';
import { describeApiError, translateMessage } from '../../app/i18n';
import { useAgencyPath, useGoBack } from '../../app/navigation';
import { downloadFile, importResourceFile, importTemplateUrl, resourceKeys, type ImportOutcome } from './resource-api';
import { declarationLanguage, fieldMessage, localized, type DeclarationLanguage } from './resource-text';

/** The files an import takes: an Excel workbook or a CSV text. */
const IMPORT_EXTENSIONS = ['xlsx', 'csv'] as const;

export function isImportFileName(name: string): boolean {
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  return (IMPORT_EXTENSIONS as readonly string[]).includes(extension);
}

/** One line of the error table: a field's message on one spreadsheet row. */
export interface ImportErrorLine {
  key: string;
  row: number;
  column: string;
  message: string;
}

/**
 * The per-row errors of a refused import, one line per field, in the current language: the column by the field's
 * label (`_` is the whole row), the message as the form would show it.
 */
export function importErrorLines(resource: ResourceDef, error: TImportError, language: DeclarationLanguage, wholeRow: string): ImportErrorLine[] {
  const lines: ImportErrorLine[] = [];
  for (const { row, errors } of error.rows ?? []) {
    for (const [name, message] of Object.entries(errors)) {
      const field = resource.fields[name];
      lines.push({
        key: `${row}-${name}`,
        row,
        column: field ? localized(field.label, language) : name === '_' ? wholeRow : name,
        message: field ? fieldMessage(field, message, language, resource) : translateMessage(message),
      });
    }
  }
  return lines.sort((a, b) => a.row - b.row);
}

export interface ResourceImportProps {
  resource: ResourceDef;
}

/**
 * `<route>/import`: download the template (headers in the current language), choose an .xlsx or .csv file and
 * import it; all rows or none, so a refusal lists every wrong row.
 */
export function ResourceImport({ resource }: ResourceImportProps) {
  const { t, i18n } = useTranslation();
  const language = declarationLanguage(i18n.language);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const agencyPath = useAgencyPath();
  const listPath = agencyPath(resource.route);
  const goBack = useGoBack(listPath);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const many = localized(resource.labels.many, language);

  const fileList: UploadFile[] = file ? [{ uid: 'import-file', name: file.name, status: 'done' }] : [];

  const choose = (chosen: File) => {
    if (!isImportFileName(chosen.name)) {
      void message.error(t('resources.importFileType'));
      return Upload.LIST_IGNORE;
    }
    if (chosen.size / 1024 / 1024 > IMPORT_MAX_MB) {
      void message.error(t('upload.tooLarge', { mb: IMPORT_MAX_MB }));
      return Upload.LIST_IGNORE;
    }
    setFile(chosen);
    setOutcome(null);
    // Kept here and sent with the Import button, not uploaded at once.
    return false;
  };

  const run = async () => {
    if (!file) return;
    setBusy(true);
    const result = await importResourceFile(resource, file, file.name);
    setBusy(false);
    if (result.kind === 'failed' && (result.status === 401 || result.status === 403)) {
      reportFailure(result.status, result.error);
      return;
    }
    setOutcome(result);
    if (result.kind === 'imported') {
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all });
    }
  };

  const lines = useMemo(
    () => (outcome?.kind === 'rejected' ? importErrorLines(resource, outcome.error, language, t('resources.importWholeRow')) : []),
    [outcome, resource, language, t],
  );

  const columns: TableColumnsType<ImportErrorLine> = [
    { key: 'row', dataIndex: 'row', title: t('resources.importRow'), width: 90, render: (row: number) => <span dir="ltr">{row}</span> },
    { key: 'column', dataIndex: 'column', title: t('resources.importColumn') },
    { key: 'message', dataIndex: 'message', title: t('resources.importMessage') },
  ];

  if (outcome?.kind === 'imported') {
    const n = outcome.result.imported;
    const name = localized(n === 1 ? resource.labels.one : resource.labels.many, language);
    return (
      <div className="page" data-testid="resource-import-page" data-resource={resource.key}>
        <Card>
          <Result
            status="success"
            title={<span data-testid="resource-import-success">{t('resources.imported', { n, name: language === 'en' ? name.toLowerCase() : name })}</span>}
            extra={
              <Space wrap>
                <Link to={listPath}>
                  <Button type="primary" data-testid="resource-import-back">
                    {t('resources.backToList', { name: many })}
                  </Button>
                </Link>
                <Button onClick={() => setOutcome(null)} data-testid="resource-import-again">
                  {t('resources.importAnother')}
                </Button>
              </Space>
            }
          />
        </Card>
      </div>
    );
  }

  return (
    <div className="page" data-testid="resource-import-page" data-resource={resource.key}>
      <Card title={<span data-testid="resource-import-title">{t('resources.importTitle', { name: many })}</span>}>
        <Flex vertical gap="large">
          <div>
            <Typography.Paragraph>{t('resources.importStepTemplate')}</Typography.Paragraph>
            <Button
              icon={<DownloadOutlined />}
              loading={downloading}
              onClick={() => {
                setDownloading(true);
                void downloadFile(importTemplateUrl(resource, language), `${resource.key}-import-template.xlsx`).finally(() => setDownloading(false));
              }}
              data-testid="resource-import-template"
            >
              {t('resources.importTemplate')}
            </Button>
          </div>
          <div>
            <Typography.Paragraph>{t('resources.importStepFile', { mb: IMPORT_MAX_MB })}</Typography.Paragraph>
            <Upload.Dragger
              accept={IMPORT_EXTENSIONS.map((extension) => `.${extension}`).join(',')}
              maxCount={1}
              multiple={false}
              fileList={fileList}
              beforeUpload={choose}
              onRemove={() => {
                setFile(null);
                setOutcome(null);
              }}
              data-testid="resource-import-file"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('resources.importDrop')}</p>
            </Upload.Dragger>
          </div>
          {outcome?.kind === 'failed' && (
            <Alert
              type="error"
              showIcon
              title={outcome.error.details?.file ? translateMessage(outcome.error.details.file) : describeApiError(outcome.error)}
              data-testid="resource-import-failed"
            />
          )}
          {outcome?.kind === 'rejected' && (
            <div data-testid="resource-import-errors">
              <Alert type="error" showIcon title={t('resources.importRejected', { n: outcome.error.rows?.length ?? 0 })} className="form-note" />
              <Table<ImportErrorLine> rowKey="key" columns={columns} dataSource={lines} pagination={lines.length > 20 ? { pageSize: 20 } : false} size="small" data-testid="resource-import-error-table" />
            </div>
          )}
          <Space className="form-actions">
            <Button type="primary" icon={<UploadOutlined />} disabled={!file} loading={busy} onClick={() => void run()} data-testid="resource-import-submit">
              {t('resources.importSubmit')}
            </Button>
            <Button onClick={goBack} data-testid="resource-import-cancel">
              {t('common.cancel')}
            </Button>
          </Space>
        </Flex>
      </Card>
    </div>
  );
}

/** The page of `/agencies/{agencyId}/<route>/import`. */
export default function ResourceImportPage({ resource }: ResourceImportProps) {
  return <ResourceImport key={resource.key} resource={resource} />;
}
