import { useEffect, type ReactNode } from 'react';
import { Alert, Drawer, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { TransactionForm, type FormRecordTrail } from './TransactionForm';
import type { TransactionFormController } from './useTransactionForm';

export interface TransactionFormDrawerProps<Values> {
  open: boolean;
  title: ReactNode;
  controller: TransactionFormController<Values>;
  /** The values the form opens with (memoize them: a new object reloads the form); null while they are not known. */
  values: Values | null;
  /** The form's values until `values` are known (the form's own initial values otherwise). */
  emptyValues?: Values;
  /** The record being edited (a Reversed one is shown read-only with its reversal); null on add. */
  record: FormRecordTrail | null;
  /** The flow's input of one declared field, as `TransactionForm` takes it. */
  renderField: (name: string) => ReactNode;
  /** At most this many fields side by side (a narrow drawer may want 2). */
  maxColumns?: number;
  /**
   * The record is fetched by the drawer's flow: while `values` is null the form waits under a spinner, and when the
   * fetch failed an error stands in place of the form (never an empty form someone could save over the record).
   */
  fetched?: { failed: boolean };
  onClose: () => void;
  /** Test ids `<prefix>-drawer`, `<prefix>-form`, the form's footer and reversal note, `<prefix>-load-error`. */
  testIdPrefix: string;
}

/**
 * A transaction form in a drawer beside its list (sale orders, consignments, shipments): opens on `values`, and
 * closing it (×, Esc, the mask, Cancel) with unsaved changes asks first, as leaving a form page does.
 */
export function TransactionFormDrawer<Values>({
  open,
  title,
  controller,
  values,
  emptyValues,
  record,
  renderField,
  maxColumns,
  fetched,
  onClose,
  testIdPrefix,
}: TransactionFormDrawerProps<Values>) {
  const { t } = useTranslation();
  const { load } = controller;
  useEffect(() => {
    if (open && values !== null) load(values);
  }, [open, values, load]);

  const form = (
    <TransactionForm<Values>
      controller={controller}
      renderField={renderField}
      initialValues={values ?? emptyValues}
      record={record}
      maxColumns={maxColumns}
      onCancel={onClose}
      testId={`${testIdPrefix}-form`}
      testIdPrefix={testIdPrefix}
    />
  );
  return (
    <Drawer open={open} onClose={() => controller.confirmDiscard(onClose)} title={title} size="large" destroyOnHidden data-testid={`${testIdPrefix}-drawer`}>
      {fetched === undefined ? (
        form
      ) : fetched.failed ? (
        <Alert type="error" showIcon title={t('cargo.loadError')} data-testid={`${testIdPrefix}-load-error`} />
      ) : (
        <Spin spinning={values === null}>{form}</Spin>
      )}
    </Drawer>
  );
}
