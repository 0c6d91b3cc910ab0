import { useMemo, type ReactNode } from 'react';
import { Descriptions, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { quantityApprovalTransaction, type TOutturnShipment, type TQuantityApproval, type TQuantityApprovalInput } from '@tonnage/contracts';
import { formatQuantity } from '../../app/format';
import { entryPermission, useCan } from '../../app/guards';
import { useAgencyPath, useGoBack } from '../../app/navigation';
import { TransactionForm } from '../../components/transactions/form/TransactionForm';
import { useTransactionForm } from '../../components/transactions/form/useTransactionForm';

import { isEditable, outturnDifference } from './outturn';
import { VoyageSelect } from '../../components/cargo/VoyageSelect';
import { DifferenceText } from './OutturnParts';
import { OutturnPage } from './OutturnPage';
import { decideQuantityApproval, outturnQueryKeys, useVoyageShipments } from './vessel-approval-api';

/** The declared fields with the live BL figures beside the discharged quantity (a display cell, not a field). */
const SECTIONS = [{ title: '', rows: [['voyageId', 'shipmentId'], ['dischargedQuantity', 'blQuantity'], ['remarks']] }];

const ENTRY = 'vesselQuantityApproval/quantityApproval';

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

/** The request body: the BL, the discharged quantity, remarks (the voyage only narrows the BLs offered). */
const toInput = (values: FormValues): TQuantityApprovalInput => ({ shipmentId: values.shipmentId ?? 0, dischargedQuantity: values.dischargedQuantity, remarks: values.remarks });

/** The form of a BL out-turn: voyage, one of its BLs (BL quantity shown), discharged quantity, live excess/shortage. */
function QuantityApprovalForm({ row }: { row: TQuantityApproval | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const goBack = useGoBack(agencyPath(ENTRY));
  const canSave = useCan(entryPermission(ENTRY, row ? 'edit' : 'add'));
  const controller = useTransactionForm<FormValues>({
    declaration: quantityApprovalTransaction,
    sections: SECTIONS,
    id: row?.id ?? null,
    toInput,
    successMessage: (created) => (created ? t('vesselApproval.created') : t('vesselApproval.updated')),
    onSaved: () => void navigate(agencyPath(ENTRY)),
    invalidate: outturnQueryKeys,
  });
  const { form, item } = controller;
  const voyageId = Form.useWatch('voyageId', form) ?? row?.voyageId ?? null;
  const shipmentId = Form.useWatch('shipmentId', form) ?? row?.shipmentId ?? null;
  const discharged = Form.useWatch('dischargedQuantity', form);
  const shipments = useVoyageShipments(voyageId);
  const rows = shipments.data?.rows ?? [];
  const chosen = rows.find((shipment) => shipment.id === shipmentId) ?? null;
  const blQuantity = chosen?.blQuantity ?? (row && row.shipmentId === shipmentId ? row.blQuantity : null);
  const readOnly = !canSave || (row !== null && !isEditable(row.approval));
  const initial = useMemo(() => initialValues(row), [row]);
  const options = [
    ...rows.map((shipment) => ({
      value: shipment.id,
      label: shipment.quantityApprovalId !== null && shipment.quantityApprovalId !== row?.id ? `${shipmentLabel(shipment)} (${t('vesselApproval.hasOutturn')})` : shipmentLabel(shipment),
      disabled: shipment.quantityApprovalId !== null && shipment.quantityApprovalId !== row?.id,
    })),
    ...(row && !rows.some((shipment) => shipment.id === row.shipmentId) ? [{ value: row.shipmentId, label: shipmentLabel(row), disabled: false }] : []),
  ];

  const renderField = (name: string): ReactNode => {
    switch (name) {
      case 'voyageId':
        // Not sent: it narrows the BLs offered, so it is the flow's own rule, not the input schema's.
        return (
          <Form.Item name="voyageId" label={t('vesselApproval.voyage')} rules={[{ required: true, message: t('vesselApproval.selectVoyage') }]}>
            <VoyageSelect known={row ? { id: row.voyageId, vesselName: row.vesselName, voyageNumber: row.voyageNumber } : null} disabled={row !== null || readOnly} placeholder={t('vesselApproval.selectVoyage')} aria-label={t('vesselApproval.voyage')} data-testid="quantity-approval-voyage" />
          </Form.Item>
        );
      case 'shipmentId':
        return (
          <Form.Item
            {...item('shipmentId')}
            required
            label={t('vesselApproval.shipment')}
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
        );
      case 'dischargedQuantity':
        return (
          <Form.Item {...item('dischargedQuantity')} required label={t('vesselApproval.dischargedQuantity')}>
            <Input inputMode="decimal" dir="ltr" data-testid="quantity-approval-discharged" />
          </Form.Item>
        );
      case 'blQuantity':
        return (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('vesselApproval.blQuantity')}>
              <bdi data-testid="quantity-approval-bl-quantity">{blQuantity === null ? '-' : formatQuantity(blQuantity)}</bdi>
            </Descriptions.Item>
            <Descriptions.Item label={t('vesselApproval.difference')}>
              <DifferenceText difference={outturnDifference(blQuantity, discharged)} testId="quantity-approval-live-difference" />
            </Descriptions.Item>
          </Descriptions>
        );
      case 'remarks':
        return (
          <Form.Item {...item('remarks')} label={t('vesselApproval.remarks')}>
            <Input.TextArea rows={3} maxLength={500} data-testid="quantity-approval-remarks" />
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
      onValuesChange={(changed) => {
        // Another voyage: its BLs replace the list, so the BL chosen before no longer applies.
        if ('voyageId' in changed) form.setFieldValue('shipmentId', null);
      }}
      testId="quantity-approval-form"
      testIdPrefix="quantity-approval"
    />
  );
}

/** `vesselQuantityApproval/quantityApproval/add` and `.../{id}/edit`, with the approval. */
export default function QuantityApprovalFormPage() {
  const { t } = useTranslation();
  return (
    <OutturnPage<TQuantityApproval>
      declaration={quantityApprovalTransaction}
      decide={decideQuantityApproval}
      title={{ add: t('vesselApproval.addBl'), edit: t('vesselApproval.editBl') }}
      testIdPrefix="quantity-approval"
      extra={(row) => row.ledgerTransactionId !== null && <span data-testid="quantity-approval-posting">{t('vesselApproval.posted', { id: row.ledgerTransactionId })}</span>}
      form={(row) => <QuantityApprovalForm row={row} />}
    />
  );
}
