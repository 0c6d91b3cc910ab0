import { useState } from 'react';
import { App, Button, Input, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_MAX_MB, type TDocument } from '@tonnage/contracts';
import { useAgencyDateTime } from '../../../app/agency-time';
import { FileUpload } from '../../FileUpload';
import { ReasonModal } from '../ReasonModal';
import { attachDocument, deleteDocument, documentKeys, formatFileSize, useDocuments } from './documents-api';

export interface DocumentsPanelProps {
  /** The record's API path, e.g. `/api/saleOrder/12` or `/api/consignments/7`. */
  base: string;
  /** May attach files (the record's add or edit permission, and the record is active). */
  canAttach: boolean;
  /** May delete documents (the record's edit or reverse permission). */
  canDelete: boolean;
  /** Test ids `<prefix>-…`. */
  testIdPrefix: string;
}

/**
 * The documents of one record (sale order, consignment, later handling loss): upload a file to the documents
 * folder (25 MB), attach it with an optional title, open or download it, delete it with a reason (kept on the server).
 */
export function DocumentsPanel({ base, canAttach, canDelete, testIdPrefix }: DocumentsPanelProps) {
  const { t } = useTranslation();
  const formatDateTime = useAgencyDateTime();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useDocuments(base);
  const [path, setPath] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [uploadKey, setUploadKey] = useState(0);
  const [attaching, setAttaching] = useState(false);
  const [deleting, setDeleting] = useState<TDocument | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: documentKeys(base) });

  const attach = async () => {
    if (!path) {
      void message.warning(t('procurement.documentsPanel.uploadFirst'));
      return;
    }
    setAttaching(true);
    const trimmed = title.trim();
    const result = await attachDocument(base, trimmed ? { path, title: trimmed } : { path });
    setAttaching(false);
    if (!result) return;
    void message.success(t('procurement.documentsPanel.attached'));
    setPath(null);
    setTitle('');
    setUploadKey((key) => key + 1);
    await refresh();
  };

  const columns: TableColumnsType<TDocument> = [
    { key: 'title', title: t('procurement.documentsPanel.title'), dataIndex: 'title', render: (value: string) => <span data-testid={`${testIdPrefix}-title`}>{value}</span> },
    { key: 'fileName', title: t('procurement.documentsPanel.file'), dataIndex: 'fileName' },
    { key: 'size', title: t('procurement.documentsPanel.size'), dataIndex: 'size', render: (value: number) => <bdi>{formatFileSize(value)}</bdi> },
    { key: 'uploadedBy', title: t('procurement.documentsPanel.uploadedBy'), dataIndex: 'uploadedBy' },
    { key: 'uploadedAt', title: t('procurement.documentsPanel.uploadedAt'), dataIndex: 'uploadedAt', render: (value: string) => <bdi>{formatDateTime(value)}</bdi> },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_value, document) => (
        <Space size={0}>
          <Tooltip title={t('procurement.documentsPanel.download')}>
            <a href={document.url} target="_blank" rel="noopener noreferrer" aria-label={t('procurement.documentsPanel.download')} data-testid={`${testIdPrefix}-download`}>
              <Button type="text" icon={<DownloadOutlined />} />
            </a>
          </Tooltip>
          {canDelete && (
            <Tooltip title={t('procurement.documentsPanel.delete')}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('procurement.documentsPanel.delete')}
                onClick={() => setDeleting(document)}
                data-testid={`${testIdPrefix}-delete`}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid={`${testIdPrefix}-panel`}>
      {canAttach && (
        <Space wrap align="start" className="list-filters">
          <Input
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={100}
            placeholder={t('procurement.documentsPanel.titlePlaceholder')}
            aria-label={t('procurement.documentsPanel.title')}
            className="list-search"
            data-testid={`${testIdPrefix}-title-input`}
          />
          <FileUpload key={uploadKey} value={path} onChange={setPath} directory="documents" kind="document" limitMb={DOCUMENT_MAX_MB} testId={`${testIdPrefix}-upload`} />
          <Button type="primary" icon={<PaperClipOutlined />} loading={attaching} disabled={!path} onClick={() => void attach()} data-testid={`${testIdPrefix}-attach`}>
            {t('procurement.documentsPanel.attach')}
          </Button>
        </Space>
      )}
      <Table<TDocument>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('procurement.documentsPanel.empty') }}
        data-testid={`${testIdPrefix}-table`}
      />
      <ReasonModal
        open={deleting !== null}
        title={t('procurement.documentsPanel.confirmDelete', { title: deleting?.title ?? '' })}
        okText={t('procurement.documentsPanel.delete')}
        testIdPrefix={`${testIdPrefix}-delete`}
        onClose={() => setDeleting(null)}
        onConfirm={async (reason) => {
          if (!deleting) return true;
          const result = await deleteDocument(base, deleting.id, reason);
          if (!result) return false;
          void message.success(t('procurement.documentsPanel.deleted'));
          await refresh();
          return true;
        }}
      />
    </div>
  );
}
