import type { ReactNode } from 'react';
import { Button, Select, Space, Tag, Tooltip, type SelectProps, type TablePaginationConfig } from 'antd';
import { EditOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RecordStatus } from '@tonnage/contracts';
import { formatDate } from '../../app/format';

/*
 * The parts every transaction list of the cargo flows shares (sale orders, consignments, shipments, port
 * loadings): the record's status with who reversed it, when and why; its edit and reverse actions; the status
 * filter; and paging.
 */

/** What a record's trail tells about its reversal. */
export interface ReversibleRecord {
  status: RecordStatus;
  reverseReason?: string | null;
  reversedBy?: string | null;
  reversedAt?: string | null;
}

/** Active, or Reversed with the reason, who and when on hover. */
export function RecordStatusTag({ record, testId }: { record: ReversibleRecord; testId?: string }) {
  const { t } = useTranslation();
  if (record.status === 'Active') {
    return (
      <Tag color="green" data-testid={testId}>
        {t('common.active')}
      </Tag>
    );
  }
  const why = [record.reverseReason, record.reversedBy, formatDate(record.reversedAt)].filter(Boolean).join(' · ');
  return (
    <Tooltip title={why || undefined}>
      <Tag data-testid={testId}>{t('cargo.reversed')}</Tag>
    </Tooltip>
  );
}

export interface RecordActionsProps {
  record: ReversibleRecord;
  /** Test ids `<prefix>-edit`, `<prefix>-reverse`. */
  testIdPrefix: string;
  /** Edit in place (a drawer) or on a page; absent without the edit permission. */
  edit?: { onClick: () => void } | { to: string };
  /** Absent without the reverse permission. */
  onReverse?: () => void;
  /** Actions that stay on a reversed record too (documents, print). */
  children?: ReactNode;
}

/** The row's actions: its own links, then edit and reverse while the record is Active. */
export function RecordActions({ record, testIdPrefix, edit, onReverse, children }: RecordActionsProps) {
  const { t } = useTranslation();
  const active = record.status === 'Active';
  const editLabel = t('cargo.edit');
  return (
    <Space size={0}>
      {children}
      {active && edit && (
        <Tooltip title={editLabel}>
          {'to' in edit ? (
            <Link to={edit.to} aria-label={editLabel} data-testid={`${testIdPrefix}-edit`}>
              <Button type="text" icon={<EditOutlined />} />
            </Link>
          ) : (
            <Button type="text" icon={<EditOutlined />} aria-label={editLabel} onClick={edit.onClick} data-testid={`${testIdPrefix}-edit`} />
          )}
        </Tooltip>
      )}
      {active && onReverse && (
        <Tooltip title={t('cargo.reverse')}>
          <Button type="text" danger icon={<RollbackOutlined />} aria-label={t('cargo.reverse')} onClick={onReverse} data-testid={`${testIdPrefix}-reverse`} />
        </Tooltip>
      )}
    </Space>
  );
}

export type StatusFilterValue = RecordStatus | 'all';

/** The status filter of a transaction list: Active (default), Reversed or all. */
export function RecordStatusFilter(props: Omit<SelectProps<StatusFilterValue>, 'options'>) {
  const { t } = useTranslation();
  return (
    <Select<StatusFilterValue>
      aria-label={t('cargo.status')}
      className="list-filter"
      {...props}
      options={[
        { value: 'Active', label: t('common.active') },
        { value: 'Reversed', label: t('cargo.reversed') },
        { value: 'all', label: t('cargo.allStatuses') },
      ]}
    />
  );
}

/** The page and size after the table's pager changed: a new size starts again at page 1. */
export function nextPage<T extends { page: number; limit: number }>(previous: T, pagination: TablePaginationConfig): T {
  const limit = pagination.pageSize ?? previous.limit;
  return { ...previous, limit, page: limit !== previous.limit ? 1 : (pagination.current ?? 1) };
}
