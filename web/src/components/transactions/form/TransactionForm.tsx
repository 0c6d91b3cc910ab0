import type { ReactNode } from 'react';
import { Alert, Col, Form, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAgencyDateTime } from '../../../app/agency-time';
import { FormFooter } from '../../FormFooter';
import type { TransactionFormController } from './useTransactionForm';

/** What the form reads of the record being edited: a Reversed one says who reversed it, when and why. */
export interface FormRecordTrail {
  status: string;
  reversedBy?: string | null;
  reversedAt?: string | null;
  reverseReason?: string | null;
}

export interface TransactionFormProps<Values> {
  controller: TransactionFormController<Values>;
  /**
   * The flow's input of one declared field: its whole `Form.Item` (spread `controller.item(name)` on it), or null
   * to leave the cell out (a field the form does not show, or one the other choices hide).
   */
  renderField: (name: string) => ReactNode;
  initialValues?: Partial<Values>;
  /** The record being edited: a Reversed one is shown read-only with who reversed it, when and why. */
  record?: FormRecordTrail | null;
  /** Read-only for the flow's own reasons too (no edit permission, approved, ...). */
  readOnly?: boolean;
  onCancel: () => void;
  /** The form's `data-testid`. */
  testId: string;
  /** Test ids of the footer: `<prefix>-submit`, `<prefix>-cancel`; and `<prefix>-reversed` of the reversal note. */
  testIdPrefix: string;
  /** At most this many fields side by side on a wide screen (a narrow drawer may want 2). */
  maxColumns?: number;
  /** Besides the shell's own handling: the flow's reaction to a change (clearing what no longer fits). */
  onValuesChange?: (changed: Partial<Values>, all: Values) => void;
  /** Shown under the sections, above the buttons (hints of the flow). */
  children?: ReactNode;
}

/**
 * The form of a transaction, the same on a page and in a drawer: the declared sections (titles, rows of fields,
 * responsive columns; antd's grid and logical properties, so right-to-left needs nothing special), the flow's
 * inputs, the reversal note and read-only state of a Reversed record, and Save / Cancel.
 */
export function TransactionForm<Values>({
  controller,
  renderField,
  initialValues,
  record,
  readOnly = false,
  onCancel,
  testId,
  testIdPrefix,
  maxColumns = 4,
  onValuesChange,
  children,
}: TransactionFormProps<Values>) {
  const { t } = useTranslation();
  const formatDateTime = useAgencyDateTime();
  const reversed = record?.status === 'Reversed';
  const locked = readOnly || reversed;
  const laidOut = controller.sections;

  return (
    <Form<Values>
      form={controller.form}
      layout="vertical"
      initialValues={initialValues}
      disabled={locked}
      onFinish={(values) => void controller.submit(values)}
      onValuesChange={(changed: Partial<Values>, all: Values) => {
        controller.changed();
        onValuesChange?.(changed, all);
      }}
      scrollToFirstError
      data-testid={testId}
    >
      {reversed && (
        <Alert
          type="warning"
          showIcon
          className="transaction-form-note"
          title={t('cargo.reversedNote', { by: record.reversedBy ?? '', at: formatDateTime(record.reversedAt ?? null), reason: record.reverseReason ?? '' })}
          data-testid={`${testIdPrefix}-reversed`}
        />
      )}
      {laidOut.map((section, index) => (
        <section key={`${section.title}-${index}`} className="transaction-form-section">
          {section.title !== '' && <Typography.Title level={5}>{t(section.title)}</Typography.Title>}
          {section.rows.map((names) => {
            const cells = names.map((name) => [name, renderField(name)] as const).filter(([, cell]) => cell !== null && cell !== undefined && cell !== false);
            if (cells.length === 0) return null;
            const span = 24 / Math.min(cells.length, maxColumns);
            return (
              <Row gutter={16} key={names.join('-')}>
                {cells.map(([name, cell]) => (
                  <Col key={name} xs={24} md={span}>
                    {cell}
                  </Col>
                ))}
              </Row>
            );
          })}
        </section>
      ))}
      {children}
      {!locked && <FormFooter saving={controller.saving} onCancel={() => controller.confirmDiscard(onCancel)} testIdPrefix={testIdPrefix} />}
    </Form>
  );
}
