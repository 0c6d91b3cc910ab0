import { useMemo, type ReactNode } from 'react';
import { Descriptions, Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TransactionFormSection } from '@tonnage/contracts';
import { formatQuantity } from '../../app/format';
import { entryPermission, useCan } from '../../app/guards';
import { useAgencyPath, useGoBack } from '../../app/navigation';
import { VoyageSelect } from '../../components/cargo/VoyageSelect';
import { TransactionForm } from '../../components/transactions/form/TransactionForm';
import type { TransactionFormDeclaration } from '../../components/transactions/form/transaction-form';
import { useTransactionForm, type TransactionFormController } from '../../components/transactions/form/useTransactionForm';
import { isEditable, outturnDifference } from './outturn';
import { DifferenceText } from './OutturnParts';
import type { OutturnRecord } from './OutturnPage';
import { outturnQueryKeys } from './vessel-approval-api';

/** The fields both out-turn forms (voyage and BL) have. */
export interface OutturnFormValues {
  voyageId: number | null;
  dischargedQuantity: string;
  remarks: string;
}

/** What the forms read of a stored out-turn besides its status and approval: its voyage. */
export interface OutturnFormRecord extends OutturnRecord {
  voyageId: number;
  vesselName: string;
  voyageNumber: string;
}

export interface OutturnFormOptions<Values, Row> {
  declaration: TransactionFormDeclaration;
  /** The menu entry (`vesselQuantityApproval/...`): its list is where Cancel and a save lead, its rights allow saving. */
  entry: string;
  /** The stored out-turn, or null on add. */
  row: Row | null;
  sections: readonly TransactionFormSection<string>[];
  /** The form's values of the out-turn (or of a new one). */
  initialValues: (row: Row | null) => Values;
  /** The request body of the form's values. */
  toInput: (values: Values) => unknown;
}

/** An out-turn form's controller and the state both out-turn forms derive from it. */
export interface OutturnFormState<Values, Row> {
  controller: TransactionFormController<Values>;
  row: Row | null;
  initial: Values;
  /** No right to save, or the approval has begun: the form only shows. */
  readOnly: boolean;
  /** The voyage chosen (or the stored one until the form has it). */
  voyageId: number | null;
  /** The discharged quantity as typed, for the live difference. */
  discharged: string | undefined;
  /** Back to the out-turn list (Cancel). */
  goBack: () => void;
}

/**
 * The controller of an out-turn form: saved through its declaration, the list refreshed and opened after a save,
 * read-only without the right to save or once the approval has begun, the voyage and discharged quantity watched.
 */
export function useOutturnForm<Values extends OutturnFormValues, Row extends OutturnFormRecord>({ declaration, entry, row, sections, initialValues, toInput }: OutturnFormOptions<Values, Row>): OutturnFormState<Values, Row> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const goBack = useGoBack(agencyPath(entry));
  const canSave = useCan(entryPermission(entry, row ? 'edit' : 'add'));
  const controller = useTransactionForm<Values>({
    declaration,
    sections,
    id: row?.id ?? null,
    toInput,
    successMessage: (created) => (created ? t('vesselApproval.created') : t('vesselApproval.updated')),
    onSaved: () => void navigate(agencyPath(entry)),
    invalidate: outturnQueryKeys,
  });
  const watchedVoyage = Form.useWatch<number | null | undefined>('voyageId', controller.form);
  const discharged = Form.useWatch<string | undefined>('dischargedQuantity', controller.form);
  const readOnly = !canSave || (row !== null && !isEditable(row.approval));
  const initial = useMemo(() => initialValues(row), [initialValues, row]);
  return { controller, row, initial, readOnly, voyageId: watchedVoyage ?? row?.voyageId ?? null, discharged, goBack };
}

export interface OutturnFormProps<Values, Row> {
  state: OutturnFormState<Values, Row>;
  /** The voyage's `Form.Item` name and rules (the schema's, or the flow's own when the voyage is not sent). */
  voyageItem: { name: string; rules: FormRule[]; required?: boolean };
  /** The display cell beside the discharged quantity: the BL figure it is compared with. */
  figure: { name: string; label: string; quantity: string | null; testId: string };
  /** The flow's own fields (null for one it does not have). */
  renderField: (name: string) => ReactNode;
  onValuesChange?: (changed: Partial<Values>) => void;
  /** Test ids `<prefix>-form`, `-voyage`, `-discharged`, `-live-difference`, `-remarks` and the form's footer. */
  testIdPrefix: string;
}

/** An out-turn's form: its voyage, discharged quantity, the BL figure with the live excess or shortage, remarks, and the flow's own fields. */
export function OutturnForm<Values extends OutturnFormValues, Row extends OutturnFormRecord>({ state, voyageItem, figure, renderField, onValuesChange, testIdPrefix }: OutturnFormProps<Values, Row>) {
  const { t } = useTranslation();
  const { controller, row, initial, readOnly, discharged, goBack } = state;
  const { item } = controller;

  const renderShared = (name: string): ReactNode => {
    switch (name) {
      case 'voyageId':
        return (
          <Form.Item {...voyageItem} label={t('vesselApproval.voyage')}>
            <VoyageSelect known={row ? { id: row.voyageId, vesselName: row.vesselName, voyageNumber: row.voyageNumber } : null} disabled={row !== null || readOnly} placeholder={t('vesselApproval.selectVoyage')} aria-label={t('vesselApproval.voyage')} data-testid={`${testIdPrefix}-voyage`} />
          </Form.Item>
        );
      case 'dischargedQuantity':
        return (
          <Form.Item {...item('dischargedQuantity')} required label={t('vesselApproval.dischargedQuantity')}>
            <Input inputMode="decimal" dir="ltr" data-testid={`${testIdPrefix}-discharged`} />
          </Form.Item>
        );
      case figure.name:
        return (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={figure.label}>
              <bdi data-testid={figure.testId}>{figure.quantity === null ? '-' : formatQuantity(figure.quantity)}</bdi>
            </Descriptions.Item>
            <Descriptions.Item label={t('vesselApproval.difference')}>
              <DifferenceText difference={outturnDifference(figure.quantity, discharged)} testId={`${testIdPrefix}-live-difference`} />
            </Descriptions.Item>
          </Descriptions>
        );
      case 'remarks':
        return (
          <Form.Item {...item('remarks')} label={t('vesselApproval.remarks')}>
            <Input.TextArea rows={3} maxLength={500} data-testid={`${testIdPrefix}-remarks`} />
          </Form.Item>
        );
      default:
        return renderField(name);
    }
  };

  return (
    <TransactionForm<Values>
      controller={controller}
      renderField={renderShared}
      initialValues={initial}
      record={row}
      readOnly={readOnly}
      onCancel={goBack}
      onValuesChange={onValuesChange}
      testId={`${testIdPrefix}-form`}
      testIdPrefix={testIdPrefix}
    />
  );
}
