import type { ReactNode } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { quantityApprovalTransaction, type TOutturnShipment, type TQuantityApproval, type TQuantityApprovalInput } from '@tonnage/contracts';
import { formatQuantity, isolate } from '../../app/format';
import { OutturnForm, useOutturnForm } from './OutturnForm';
import { OutturnPage } from './OutturnPage';
import { decideQuantityApproval, useVoyageShipments } from './vessel-approval-api';

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
const shipmentLabel = (shipment: Pick<TOutturnShipment, 'blNumber' | 'lcPoNumber' | 'blConsigneeName' | 'blQuantity'>) =>
  [shipment.blNumber, shipment.lcPoNumber, shipment.blConsigneeName, formatQuantity(shipment.blQuantity)].map(isolate).join(' · ');

/** The request body: the BL, the discharged quantity, remarks (the voyage only narrows the BLs offered). */
const toInput = (values: FormValues): TQuantityApprovalInput => ({ shipmentId: values.shipmentId ?? 0, dischargedQuantity: values.dischargedQuantity, remarks: values.remarks });

/** The form of a BL out-turn: voyage, one of its BLs (BL quantity shown), discharged quantity, live excess/shortage. */
function QuantityApprovalForm({ row }: { row: TQuantityApproval | null }) {
  const { t } = useTranslation();
  const state = useOutturnForm<FormValues, TQuantityApproval>({ declaration: quantityApprovalTransaction, entry: ENTRY, row, sections: SECTIONS, initialValues, toInput });
  const { controller, voyageId, readOnly } = state;
  const { form, item } = controller;
  const shipmentId = Form.useWatch('shipmentId', form) ?? row?.shipmentId ?? null;
  const shipments = useVoyageShipments(voyageId);
  const rows = shipments.data?.rows ?? [];
  const chosen = rows.find((shipment) => shipment.id === shipmentId) ?? null;
  const blQuantity = chosen?.blQuantity ?? (row && row.shipmentId === shipmentId ? row.blQuantity : null);
  const options = [
    ...rows.map((shipment) => ({
      value: shipment.id,
      label: shipment.quantityApprovalId !== null && shipment.quantityApprovalId !== row?.id ? `${shipmentLabel(shipment)} (${t('vesselApproval.hasOutturn')})` : shipmentLabel(shipment),
      disabled: shipment.quantityApprovalId !== null && shipment.quantityApprovalId !== row?.id,
    })),
    ...(row && !rows.some((shipment) => shipment.id === row.shipmentId) ? [{ value: row.shipmentId, label: shipmentLabel(row), disabled: false }] : []),
  ];

  const renderField = (name: string): ReactNode =>
    name === 'shipmentId' ? (
      <Form.Item {...item('shipmentId')} required label={t('vesselApproval.shipment')} extra={voyageId !== null && !shipments.isFetching && rows.length === 0 ? t('vesselApproval.noShipments') : undefined}>
        <Select<number>
          placeholder={t('vesselApproval.selectShipment')}
          options={options}
          loading={shipments.isFetching}
          disabled={row !== null || readOnly || voyageId === null}
          aria-label={t('vesselApproval.shipment')}
          data-testid="quantity-approval-shipment"
        />
      </Form.Item>
    ) : null;

  return (
    <OutturnForm<FormValues, TQuantityApproval>
      state={state}
      // Not sent: it narrows the BLs offered, so it is the flow's own rule, not the input schema's.
      voyageItem={{ name: 'voyageId', rules: [{ required: true, message: t('vesselApproval.selectVoyage') }] }}
      figure={{ name: 'blQuantity', label: t('vesselApproval.blQuantity'), quantity: blQuantity, testId: 'quantity-approval-bl-quantity' }}
      renderField={renderField}
      onValuesChange={(changed) => {
        // Another voyage: its BLs replace the list, so the BL chosen before no longer applies.
        if ('voyageId' in changed) form.setFieldValue('shipmentId', null);
      }}
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
