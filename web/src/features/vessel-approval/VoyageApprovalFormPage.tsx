import { useMemo, type ReactNode } from 'react';
import { DatePicker, Descriptions, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DATE_FORMAT, voyageApprovalTransaction, type TVoyageApproval, type TVoyageApprovalInput } from '@tonnage/contracts';
import { formatQuantity } from '../../app/format';
import { entryPermission, useCan } from '../../app/guards';
import { useAgencyPath, useGoBack } from '../../app/navigation';
import { TransactionForm } from '../../components/transactions/form/TransactionForm';
import { useTransactionForm } from '../../components/transactions/form/useTransactionForm';

import { isEditable, outturnDifference, sumTonnes } from './outturn';
import { VoyageSelect } from '../../components/cargo/VoyageSelect';
import { DifferenceText } from './OutturnParts';
import { OutturnPage } from './OutturnPage';
import { decideVoyageApproval, outturnQueryKeys, useVoyageShipments } from './vessel-approval-api';

/** The declared fields with the live BL figures beside the discharged quantity (a display cell, not a field). */
const SECTIONS = [{ title: '', rows: [['voyageId', 'surveyDate'], ['dischargedQuantity', 'blTotal'], ['remarks']] }];

const ENTRY = 'vesselQuantityApproval/vessel';

interface FormValues {
  voyageId: number | null;
  dischargedQuantity: string;
  surveyDate: Dayjs | null;
  remarks: string;
}

const initialValues = (row: TVoyageApproval | null): FormValues => ({
  voyageId: row?.voyageId ?? null,
  dischargedQuantity: row?.dischargedQuantity ?? '',
  surveyDate: row?.surveyDate ? dayjs(row.surveyDate) : null,
  remarks: row?.remarks ?? '',
});

function toInput(values: FormValues): TVoyageApprovalInput {
  return {
    voyageId: values.voyageId ?? 0,
    dischargedQuantity: values.dischargedQuantity,
    surveyDate: values.surveyDate ? values.surveyDate.format('YYYY-MM-DD') : null,
    remarks: values.remarks,
  };
}

/** The form of a voyage out-turn: voyage, discharged quantity against the BL total (live difference), survey. */
function VoyageApprovalForm({ row }: { row: TVoyageApproval | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const goBack = useGoBack(agencyPath(ENTRY));
  const canSave = useCan(entryPermission(ENTRY, row ? 'edit' : 'add'));
  const controller = useTransactionForm<FormValues>({
    declaration: voyageApprovalTransaction,
    sections: SECTIONS,
    id: row?.id ?? null,
    toInput,
    successMessage: (created) => (created ? t('vesselApproval.created') : t('vesselApproval.updated')),
    onSaved: () => void navigate(agencyPath(ENTRY)),
    invalidate: outturnQueryKeys,
  });
  const { form, item } = controller;
  const voyageId = Form.useWatch('voyageId', form) ?? row?.voyageId ?? null;
  const discharged = Form.useWatch('dischargedQuantity', form);
  const shipments = useVoyageShipments(voyageId);
  const blTotal = useMemo(() => (shipments.data ? sumTonnes(shipments.data.rows.map((s) => s.blQuantity)) : (row?.blQuantity ?? null)), [shipments.data, row]);
  const readOnly = !canSave || (row !== null && !isEditable(row.approval));
  const initial = useMemo(() => initialValues(row), [row]);

  const renderField = (name: string): ReactNode => {
    switch (name) {
      case 'voyageId':
        return (
          <Form.Item {...item('voyageId')} required label={t('vesselApproval.voyage')}>
            <VoyageSelect known={row ? { id: row.voyageId, vesselName: row.vesselName, voyageNumber: row.voyageNumber } : null} disabled={row !== null || readOnly} placeholder={t('vesselApproval.selectVoyage')} aria-label={t('vesselApproval.voyage')} data-testid="voyage-approval-voyage" />
          </Form.Item>
        );
      case 'surveyDate':
        return (
          <Form.Item {...item('surveyDate')} label={t('vesselApproval.surveyDate')}>
            <DatePicker format={[DATE_FORMAT, 'YYYY-MM-DD']} className="resource-date" data-testid="voyage-approval-survey-date" />
          </Form.Item>
        );
      case 'dischargedQuantity':
        return (
          <Form.Item {...item('dischargedQuantity')} required label={t('vesselApproval.dischargedQuantity')}>
            <Input inputMode="decimal" dir="ltr" data-testid="voyage-approval-discharged" />
          </Form.Item>
        );
      case 'blTotal':
        return (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('vesselApproval.totalBlQuantity')}>
              <bdi data-testid="voyage-approval-bl-total">{blTotal === null ? '-' : formatQuantity(blTotal)}</bdi>
            </Descriptions.Item>
            <Descriptions.Item label={t('vesselApproval.difference')}>
              <DifferenceText difference={outturnDifference(blTotal, discharged)} testId="voyage-approval-live-difference" />
            </Descriptions.Item>
          </Descriptions>
        );
      case 'remarks':
        return (
          <Form.Item {...item('remarks')} label={t('vesselApproval.remarks')}>
            <Input.TextArea rows={3} maxLength={500} data-testid="voyage-approval-remarks" />
          </Form.Item>
        );
      default:
        return null;
    }
  };

  return (
    <TransactionForm<FormValues>
      controller={controller}
      renderField={renderField}
      initialValues={initial}
      record={row}
      readOnly={readOnly}
      onCancel={goBack}
      testId="voyage-approval-form"
      testIdPrefix="voyage-approval"
    />
  );
}

/** `vesselQuantityApproval/vessel/add` and `.../{id}/edit`, with the approval on the edit page. */
export default function VoyageApprovalFormPage() {
  const { t } = useTranslation();
  return (
    <OutturnPage<TVoyageApproval>
      declaration={voyageApprovalTransaction}
      decide={decideVoyageApproval}
      title={{ add: t('vesselApproval.addVoyage'), edit: t('vesselApproval.editVoyage') }}
      testIdPrefix="voyage-approval"
      form={(row) => <VoyageApprovalForm row={row} />}
    />
  );
}
