import { useMemo, type ReactNode } from 'react';
import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, voyageApprovalTransaction, type TVoyageApproval, type TVoyageApprovalInput } from '@tonnage/contracts';
import { sumTonnes } from './outturn';
import { OutturnForm, useOutturnForm } from './OutturnForm';
import { OutturnPage } from './OutturnPage';
import { decideVoyageApproval, useVoyageShipments } from './vessel-approval-api';

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
  const state = useOutturnForm<FormValues, TVoyageApproval>({ declaration: voyageApprovalTransaction, entry: ENTRY, row, sections: SECTIONS, initialValues, toInput });
  const { item } = state.controller;
  const shipments = useVoyageShipments(state.voyageId);
  const blTotal = useMemo(() => (shipments.data ? sumTonnes(shipments.data.rows.map((s) => s.blQuantity)) : (row?.blQuantity ?? null)), [shipments.data, row]);

  const renderField = (name: string): ReactNode =>
    name === 'surveyDate' ? (
      <Form.Item {...item('surveyDate')} label={t('vesselApproval.surveyDate')}>
        <DatePicker format={[DATE_FORMAT, 'YYYY-MM-DD']} className="resource-date" data-testid="voyage-approval-survey-date" />
      </Form.Item>
    ) : null;

  return (
    <OutturnForm<FormValues, TVoyageApproval>
      state={state}
      voyageItem={{ ...item('voyageId'), required: true }}
      figure={{ name: 'blTotal', label: t('vesselApproval.totalBlQuantity'), quantity: blTotal, testId: 'voyage-approval-bl-total' }}
      renderField={renderField}
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
