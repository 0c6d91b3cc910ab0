import { useMemo, type ReactNode } from 'react';
import { DatePicker, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, shipmentTransaction, type TShipment } from '@tonnage/contracts';
import { VoyageSelect } from '../../components/cargo/VoyageSelect';
import { ConsigneePicker } from '../../components/pickers';
import { ReferenceSelect } from '../../components/resources/ReferenceSelect';
import { useTransactionRecord } from '../../components/transactions/form/form-api';
import { TransactionFormDrawer } from '../../components/transactions/form/TransactionFormDrawer';
import { useTransactionForm } from '../../components/transactions/form/useTransactionForm';
import { ConsignmentSelect } from './ConsignmentSelect';
import { usePortBerths } from './shipping-api';
import { EMPTY_SHIPMENT_FORM, formFieldOf, formValuesOf, shipmentFormSections, toShipmentInput, type ShipmentFormValues } from './shipping-form';

export interface ShipmentDrawerProps {
  open: boolean;
  /** The shipment to edit, or null to add one. */
  shipmentId: number | null;
  onClose: () => void;
}

/** Add or edit a shipment: an existing voyage or a new one, the consignment and the bill of lading. */
export function ShipmentDrawer({ open, shipmentId, onClose }: ShipmentDrawerProps) {
  const { t } = useTranslation();
  const editing = useTransactionRecord<TShipment>(shipmentTransaction, open ? shipmentId : null);
  const shipment = shipmentId !== null ? (editing.data ?? null) : null;
  const controller = useTransactionForm<ShipmentFormValues>({
    declaration: shipmentTransaction,
    sections: shipmentFormSections,
    id: shipmentId,
    toInput: toShipmentInput,
    fieldOf: formFieldOf,
    successMessage: (created) => (created ? t('shipping.created') : t('shipping.updated')),
    onSaved: () => onClose(),
  });
  const { form, item } = controller;
  const voyageMode = Form.useWatch('voyageMode', form) ?? 'existing';
  const portId = Form.useWatch('portId', form);
  const { berths, loading: berthsLoading } = usePortBerths(typeof portId === 'number' ? portId : undefined);
  // The form opens once the record is there: never an empty form in place of a shipment that failed to load.
  const values = useMemo(() => (!open ? null : shipmentId === null ? EMPTY_SHIPMENT_FORM : shipment ? formValuesOf(shipment) : null), [open, shipmentId, shipment]);
  const existing = voyageMode === 'existing';

  const renderField = (name: string): ReactNode => {
    switch (name) {
      case 'voyageMode':
        return (
          <Form.Item name="voyageMode" label={t('shipping.voyageMode')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'existing', label: t('shipping.existingVoyage') },
                { value: 'new', label: t('shipping.newVoyage') },
              ]}
              data-testid="shipment-voyage-mode"
            />
          </Form.Item>
        );
      case 'voyageId':
        return existing ? (
          <Form.Item {...item('voyageId')} required label={t('shipping.vesselVoyage')}>
            <VoyageSelect known={shipment ? { id: shipment.voyageId, vesselName: shipment.voyage.vesselName, voyageNumber: shipment.voyage.voyageNumber } : null} data-testid="shipment-voyage" />
          </Form.Item>
        ) : null;
      case 'vesselId':
        return existing ? null : (
          <Form.Item {...item('vesselId')} required label={t('shipping.vessel')}>
            <ReferenceSelect resourceKey="vessel" data-testid="shipment-vessel" />
          </Form.Item>
        );
      case 'voyageNumber':
        return existing ? null : (
          <Form.Item {...item('voyageNumber')} required label={t('shipping.voyageNumber')}>
            <Input maxLength={50} data-testid="shipment-voyage-number" />
          </Form.Item>
        );
      case 'portId':
        return existing ? null : (
          <Form.Item {...item('portId')} required label={t('shipping.port')}>
            <ReferenceSelect resourceKey="port" onChange={() => form.setFieldValue('berthId', null)} data-testid="shipment-port" />
          </Form.Item>
        );
      case 'berthId':
        return existing ? null : (
          <Form.Item {...item('berthId')} label={t('shipping.berth')}>
            <Select<number>
              allowClear
              disabled={typeof portId !== 'number'}
              placeholder={typeof portId === 'number' ? undefined : t('shipping.selectPortFirst')}
              loading={berthsLoading}
              options={berths.map((berth) => ({ value: berth.id, label: berth.name }))}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="shipment-berth"
            />
          </Form.Item>
        );
      case 'arrivalDate':
        return existing ? null : (
          <Form.Item {...item('arrivalDate')} label={t('shipping.arrivalDate')}>
            <DatePicker format={DATE_FORMAT} className="full-width" data-testid="shipment-arrival" />
          </Form.Item>
        );
      case 'completionDate':
        return existing ? null : (
          <Form.Item {...item('completionDate')} dependencies={['arrivalDate']} label={t('shipping.completionDate')}>
            <DatePicker format={DATE_FORMAT} className="full-width" data-testid="shipment-completion" />
          </Form.Item>
        );
      case 'consignmentId':
        return (
          <Form.Item {...item('consignmentId')} required label={t('shipping.consignment')}>
            <ConsignmentSelect
              known={shipment ? { id: shipment.consignmentId, lcPo: shipment.Consignment.LC.LCPONumber, refNumber: shipment.Consignment.RefLC.refNumber } : null}
              data-testid="shipment-consignment"
            />
          </Form.Item>
        );
      case 'blNumber':
        return (
          <Form.Item {...item('blNumber')} required label={t('shipping.blNumber')}>
            <Input maxLength={50} data-testid="shipment-bl-number" />
          </Form.Item>
        );
      case 'blQuantity':
        return (
          <Form.Item {...item('blQuantity')} required label={t('shipping.blQuantity')}>
            <Input inputMode="decimal" data-testid="shipment-bl-quantity" />
          </Form.Item>
        );
      case 'blConsigneeId':
        return (
          <Form.Item {...item('blConsigneeId')} label={t('shipping.blConsignee')}>
            <ConsigneePicker mode="consignee" placeholder={t('shipping.blConsigneeDefault')} data-testid="shipment-bl-consignee" />
          </Form.Item>
        );
      case 'blDate':
        return (
          <Form.Item {...item('blDate')} label={t('shipping.blDate')}>
            <DatePicker format={DATE_FORMAT} className="full-width" data-testid="shipment-bl-date" />
          </Form.Item>
        );
      default:
        return null;
    }
  };

  return (
    <TransactionFormDrawer<ShipmentFormValues>
      open={open}
      title={shipmentId === null ? t('shipping.add') : t('shipping.edit')}
      controller={controller}
      values={values}
      emptyValues={EMPTY_SHIPMENT_FORM}
      record={shipment}
      renderField={renderField}
      maxColumns={2}
      fetched={{ failed: editing.isError }}
      onClose={onClose}
      testIdPrefix="shipment"
    />
  );
}
