import type { ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiFailure } from '../../../app/api';
import { parseId } from '../../../app/guards';
import { NotFoundPage } from '../../../features/errors/ErrorPages';
import { PageHeader } from '../../PageHeader';
import { useTransactionRecord } from './form-api';
import type { TransactionFormDeclaration } from './transaction-form';

export interface TransactionRecordGateProps<T> {
  declaration: TransactionFormDeclaration;
  /** The record's id as the address has it; undefined to add one. */
  idParam: string | undefined;
  /** The form (and whatever goes with it) of the loaded record, or of a new one (null). */
  children: (record: T | null) => ReactNode;
}

/**
 * Loads the record to edit: a spinner while it comes, not found for an unknown or foreign id, an error with a way
 * to try again when it fails (never an empty form someone could save over the record), else the form.
 */
export function TransactionRecordGate<T>({ declaration, idParam, children }: TransactionRecordGateProps<T>) {
  const { t } = useTranslation();
  const editing = idParam !== undefined;
  const id = parseId(idParam);
  const record = useTransactionRecord<T>(declaration, editing ? id : null);
  if (!editing) return <>{children(null)}</>;
  if (id === null) return <NotFoundPage />;
  if (record.isPending) return <Spin className="page-loader" data-testid="transaction-record-loading" />;
  if (record.isError) {
    if (record.error instanceof ApiFailure && record.error.status === 404) return <NotFoundPage />;
    return (
      <Result
        status="error"
        title={t('cargo.loadError')}
        extra={
          <Button type="primary" onClick={() => void record.refetch()} data-testid="transaction-record-retry">
            {t('common.reload')}
          </Button>
        }
        data-testid="transaction-record-error"
      />
    );
  }
  return <>{children(record.data)}</>;
}

export interface TransactionFormPageProps<T> {
  declaration: TransactionFormDeclaration;
  /** The title on the add and on the edit page (translated). */
  title: { add: string; edit: string };
  /** The page's `data-testid`. */
  testId: string;
  /** The form and what goes with it (cards of the record's parts). */
  children: (record: T | null) => ReactNode;
}

/** `<route>/add` and `<route>/:id/edit` of a transaction: the title, then the record's form once it is loaded. */
export function TransactionFormPage<T>({ declaration, title, testId, children }: TransactionFormPageProps<T>) {
  const idParam = useParams().id;
  return (
    <div className="page" data-testid={testId}>
      <PageHeader title={idParam === undefined ? title.add : title.edit} />
      <TransactionRecordGate<T> declaration={declaration} idParam={idParam}>
        {children}
      </TransactionRecordGate>
    </div>
  );
}
