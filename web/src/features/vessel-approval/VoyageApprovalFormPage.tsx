import { useMemo, useState } from 'react';
import { App, Col, DatePicker, Descriptions, Form, Input, Row } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DATE_FORMAT, ZVoyageApprovalInput, type TVoyageApproval, type TVoyageApprovalInput } from '@tonnage/contracts';
import { showSubmitFailure, issuesToFieldErrors } from '../../app/form-errors';
import { formatQuantity } from '../../app/format';
import { entryPermission, useCan } from '../../app/guards';
import { useAgencyPath, useGoBack } from '../../app/navigation';
import { FormFooter } from '../../components/FormFooter';

import { isEditable, outturnDifference, sumTonnes } from './outturn';
import { VoyageSelect } from '../../components/cargo/VoyageSelect';
import { DifferenceText } from './OutturnParts';
import { OutturnPage } from './OutturnPage';
import { decideVoyageApproval, saveVoyageApproval, useVoyageApproval, useVoyageShipments, vesselApprovalKeys } from './vessel-approval-api';

const ENTRY = 'vesselQuantityApproval/vessel';
const FIELDS = ['voyageId', 'dischargedQuantity', 'surveyDate', 'remarks'] as const;

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
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const agencyPath = useAgencyPath();
  const goBack = useGoBack(agencyPath(ENTRY));
  const canSave = useCan(entryPermission(ENTRY, row ? 'edit' : 'add'));
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const voyageId = Form.useWatch('voyageId', form) ?? row?.voyageId ?? null;
  const discharged = Form.useWatch('dischargedQuantity', form);
  const shipments = useVoyageShipments(voyageId);
  const blTotal = useMemo(() => (shipments.data ? sumTonnes(shipments.data.rows.map((s) => s.blQuantity)) : (row?.blQuantity ?? null)), [shipments.data, row]);
  const readOnly = !canSave || (row !== null && !isEditable(row.approval));

  const submit = async (values: FormValues) => {
    const input = toInput(values);
    const parsed = ZVoyageApprovalInput.safeParse(input);
    if (!parsed.success) {
      form.setFields(issuesToFieldErrors(parsed.error.issues, 'dischargedQuantity').map((error) => ({ ...error, name: error.name as keyof FormValues })));
      return;
    }
    setSaving(true);
    const result = await saveVoyageApproval(row?.id ?? null, input);
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, FIELDS);
      return;
    }
    void message.success(row ? t('vesselApproval.updated') : t('vesselApproval.created'));
    await queryClient.invalidateQueries({ queryKey: vesselApprovalKeys.all });
    void navigate(agencyPath(ENTRY));
  };

  return (
    <Form<FormValues> form={form} layout="vertical" initialValues={initialValues(row)} onFinish={(values) => void submit(values)} disabled={readOnly} data-testid="voyage-approval-form">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="voyageId" label={t('vesselApproval.voyage')} rules={[{ required: true, message: t('vesselApproval.selectVoyage') }]}>
            <VoyageSelect known={row ? { id: row.voyageId, vesselName: row.vesselName, voyageNumber: row.voyageNumber } : null} disabled={row !== null || readOnly} placeholder={t('vesselApproval.selectVoyage')} aria-label={t('vesselApproval.voyage')} data-testid="voyage-approval-voyage" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="surveyDate" label={t('vesselApproval.surveyDate')}>
            <DatePicker format={[DATE_FORMAT, 'YYYY-MM-DD']} className="resource-date" data-testid="voyage-approval-survey-date" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="dischargedQuantity" label={t('vesselApproval.dischargedQuantity')} rules={[{ required: true, whitespace: true, message: t('vesselApproval.dischargedRequired') }]}>
            <Input inputMode="decimal" dir="ltr" data-testid="voyage-approval-discharged" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('vesselApproval.totalBlQuantity')}>
              <bdi data-testid="voyage-approval-bl-total">{blTotal === null ? '-' : formatQuantity(blTotal)}</bdi>
            </Descriptions.Item>
            <Descriptions.Item label={t('vesselApproval.difference')}>
              <DifferenceText difference={outturnDifference(blTotal, discharged)} testId="voyage-approval-live-difference" />
            </Descriptions.Item>
          </Descriptions>
        </Col>
        <Col xs={24}>
          <Form.Item name="remarks" label={t('vesselApproval.remarks')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={3} maxLength={500} data-testid="voyage-approval-remarks" />
          </Form.Item>
        </Col>
      </Row>
      {!readOnly && <FormFooter saving={saving} onCancel={goBack} testIdPrefix="voyage-approval" />}
    </Form>
  );
}

/** `vesselQuantityApproval/vessel/add` and `.../{voyageApprovalId}/edit`, with the approval on the edit page. */
export default function VoyageApprovalFormPage() {
  const { t } = useTranslation();
  const { voyageApprovalId } = useParams();
  return (
    <OutturnPage
      idParam={voyageApprovalId}
      useRecord={useVoyageApproval}
      decide={decideVoyageApproval}
      cacheKey={vesselApprovalKeys.voyageOne}
      title={{ add: t('vesselApproval.addVoyage'), edit: t('vesselApproval.editVoyage') }}
      testIdPrefix="voyage-approval"
      form={(row) => <VoyageApprovalForm row={row} />}
    />
  );
}
