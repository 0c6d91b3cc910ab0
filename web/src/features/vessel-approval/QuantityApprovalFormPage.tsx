import { useState } from 'react';
import { App, Col, Descriptions, Form, Input, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ZQuantityApprovalInput, type TOutturnShipment, type TQuantityApproval, type TQuantityApprovalInput } from '@tonnage/contracts';
import { issuesToFieldErrors, showSubmitFailure } from '../../app/form-errors';
import { formatQuantity } from '../../app/format';
import { entryPermission, useCan } from '../../app/guards';
import { useAgencyPath, useGoBack } from '../../app/navigation';
import { FormFooter } from '../../components/FormFooter';

import { isEditable, outturnDifference } from './outturn';
import { VoyageSelect } from '../../components/cargo/VoyageSelect';
import { DifferenceText } from './OutturnParts';
import { OutturnPage } from './OutturnPage';
import { decideQuantityApproval, saveQuantityApproval, useQuantityApproval, useVoyageShipments, vesselApprovalKeys } from './vessel-approval-api';

const ENTRY = 'vesselQuantityApproval/quantityApproval';
const FIELDS = ['shipmentId', 'dischargedQuantity', 'remarks'] as const;

interface FormValues {
  voyageId: number | null;
  shipmentId: number | null;
  dischargedQuantity: string;
  remarks: string;
}

const initialValues = (row: TQuantityApproval | null): FormValues => ({
  voyageId: row?.voyageId ?? null,
  shipmentId: row?.shipmentId ?? null,
  dischargedQuantity: row?.dischargedQuantity ?? '',
  remarks: row?.remarks ?? '',
});

/** Each part isolated (FSI ... PDI), so in Arabic the parts read from the right, the BL number first. */
const isolate = (text: string) => `\u2068${text}\u2069`;
const shipmentLabel = (shipment: Pick<TOutturnShipment, 'blNumber' | 'lcPoNumber' | 'blConsigneeName' | 'blQuantity'>) =>
  [shipment.blNumber, shipment.lcPoNumber, shipment.blConsigneeName, formatQuantity(shipment.blQuantity)].map(isolate).join(' · ');

/** The form of a BL out-turn: voyage, one of its BLs (BL quantity shown), discharged quantity, live excess/shortage. */
function QuantityApprovalForm({ row }: { row: TQuantityApproval | null }) {
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
  const shipmentId = Form.useWatch('shipmentId', form) ?? row?.shipmentId ?? null;
  const discharged = Form.useWatch('dischargedQuantity', form);
  const shipments = useVoyageShipments(voyageId);
  const rows = shipments.data?.rows ?? [];
  const chosen = rows.find((shipment) => shipment.id === shipmentId) ?? null;
  const blQuantity = chosen?.blQuantity ?? (row && row.shipmentId === shipmentId ? row.blQuantity : null);
  const readOnly = !canSave || (row !== null && !isEditable(row.approval));
  const options = [
    ...rows.map((shipment) => ({
      value: shipment.id,
      label: shipment.quantityApprovalId !== null && shipment.quantityApprovalId !== row?.id ? `${shipmentLabel(shipment)} (${t('vesselApproval.hasOutturn')})` : shipmentLabel(shipment),
      disabled: shipment.quantityApprovalId !== null && shipment.quantityApprovalId !== row?.id,
    })),
    ...(row && !rows.some((shipment) => shipment.id === row.shipmentId) ? [{ value: row.shipmentId, label: shipmentLabel(row), disabled: false }] : []),
  ];

  const submit = async (values: FormValues) => {
    const input: TQuantityApprovalInput = { shipmentId: values.shipmentId ?? 0, dischargedQuantity: values.dischargedQuantity, remarks: values.remarks };
    const parsed = ZQuantityApprovalInput.safeParse(input);
    if (!parsed.success) {
      form.setFields(issuesToFieldErrors(parsed.error.issues, 'dischargedQuantity').map((error) => ({ ...error, name: error.name as keyof FormValues })));
      return;
    }
    setSaving(true);
    const result = await saveQuantityApproval(row?.id ?? null, input);
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
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues(row)}
      onFinish={(values) => void submit(values)}
      onValuesChange={(changed: Partial<FormValues>) => {
        // Another voyage: its BLs replace the list, so the BL chosen before no longer applies.
        if ('voyageId' in changed) form.setFieldValue('shipmentId', null);
      }}
      disabled={readOnly}
      data-testid="quantity-approval-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="voyageId" label={t('vesselApproval.voyage')} rules={[{ required: true, message: t('vesselApproval.selectVoyage') }]}>
            <VoyageSelect known={row ? { id: row.voyageId, vesselName: row.vesselName, voyageNumber: row.voyageNumber } : null} disabled={row !== null || readOnly} placeholder={t('vesselApproval.selectVoyage')} aria-label={t('vesselApproval.voyage')} data-testid="quantity-approval-voyage" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="shipmentId"
            label={t('vesselApproval.shipment')}
            rules={[{ required: true, message: t('vesselApproval.selectShipment') }]}
            extra={voyageId !== null && !shipments.isFetching && rows.length === 0 ? t('vesselApproval.noShipments') : undefined}
          >
            <Select<number>
              placeholder={t('vesselApproval.selectShipment')}
              options={options}
              loading={shipments.isFetching}
              disabled={row !== null || readOnly || voyageId === null}
              aria-label={t('vesselApproval.shipment')}
              data-testid="quantity-approval-shipment"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="dischargedQuantity" label={t('vesselApproval.dischargedQuantity')} rules={[{ required: true, whitespace: true, message: t('vesselApproval.dischargedRequired') }]}>
            <Input inputMode="decimal" dir="ltr" data-testid="quantity-approval-discharged" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('vesselApproval.blQuantity')}>
              <bdi data-testid="quantity-approval-bl-quantity">{blQuantity === null ? '-' : formatQuantity(blQuantity)}</bdi>
            </Descriptions.Item>
            <Descriptions.Item label={t('vesselApproval.difference')}>
              <DifferenceText difference={outturnDifference(blQuantity, discharged)} testId="quantity-approval-live-difference" />
            </Descriptions.Item>
          </Descriptions>
        </Col>
        <Col xs={24}>
          <Form.Item name="remarks" label={t('vesselApproval.remarks')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={3} maxLength={500} data-testid="quantity-approval-remarks" />
          </Form.Item>
        </Col>
      </Row>
      {!readOnly && <FormFooter saving={saving} onCancel={goBack} testIdPrefix="quantity-approval" />}
    </Form>
  );
}

/** `vesselQuantityApproval/quantityApproval/add` and `.../{voyageApprovalQuantityId}/edit`, with the approval. */
export default function QuantityApprovalFormPage() {
  const { t } = useTranslation();
  const { voyageApprovalQuantityId } = useParams();
  return (
    <OutturnPage
      idParam={voyageApprovalQuantityId}
      useRecord={useQuantityApproval}
      decide={decideQuantityApproval}
      cacheKey={vesselApprovalKeys.blOne}
      title={{ add: t('vesselApproval.addBl'), edit: t('vesselApproval.editBl') }}
      testIdPrefix="quantity-approval"
      extra={(row) => row.ledgerTransactionId !== null && <span data-testid="quantity-approval-posting">{t('vesselApproval.posted', { id: row.ledgerTransactionId })}</span>}
      form={(row) => <QuantityApprovalForm row={row} />}
    />
  );
}
