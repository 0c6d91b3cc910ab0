import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The list failed: an error in place of the table, never an empty list or zero totals. */
export function TransactionListError({ onRetry, testId }: { onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('transactions.loadFailed')}
      subTitle={t('transactions.loadFailedHint')}
      extra={
        <Button type="primary" onClick={onRetry} data-testid={`${testId}-retry`}>
          {t('transactions.retry')}
        </Button>
      }
      data-testid={`${testId}-error`}
    />
  );
}
