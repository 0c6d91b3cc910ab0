import { Checkbox, Col, Form, Input, Row, Tag, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoanMessages, Messages, type TApiError, type TLoanDelivery } from '@tonnage/contracts';
import type { RawResult } from '../../app/api';
import { translateMessage } from '../../app/i18n';
import { LocationPicker } from '../../components/pickers';
import { ReferenceSelect } from '../../components/resources/ReferenceSelect';

/** The delivery fields of a loan or loan return form: off is the ownership change in place. */
export interface DeliveryValues {
  deliver?: boolean;
  toLocationId?: number;
  truckId?: number;
  driverId?: number;
  wbtNumber?: string;
}

/** The form fields the server's `movement.*` errors land on. */
export const DELIVERY_FIELDS = ['toLocationId', 'truckId', 'driverId', 'wbtNumber'];

/** The body's `movement`: null in place, else the destination and the trip. */
export function movementOf(values: DeliveryValues) {
  if (values.deliver !== true) return null;
  return { toLocationId: values.toLocationId, truckId: values.truckId, driverId: values.driverId, wbtNumber: values.wbtNumber ?? '' };
}

/** The server's `movement.toLocationId` (…) errors moved to the form's flat fields. */
export function flattenMovementErrors(result: Extract<RawResult, { ok: false }>): Extract<RawResult, { ok: false }> {
  const details = result.error.details;
  if (details === undefined) return result;
  const flat: NonNullable<TApiError['details']> = {};
  for (const [path, message] of Object.entries(details)) flat[path.startsWith('movement.') ? path.slice('movement.'.length) : path] = message;
  return { ...result, error: { ...result.error, details: flat } };
}

/**
 * "Deliver by truck": the place the truck takes the cargo to (a warehouse, or a delivery location of the receiving
 * side, which the server checks), the truck, driver and weighbridge ticket of the transfer slip.
 */
export function DeliveryFields({ form, testId }: { form: FormInstance; testId: string }) {
  const { t } = useTranslation();
  const deliver = Form.useWatch('deliver', form) === true;
  return (
    <>
      <Form.Item name="deliver" valuePropName="checked">
        <Checkbox data-testid={`${testId}-deliver`}>{t('loans.deliverByTruck')}</Checkbox>
      </Form.Item>
      {deliver && (
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item name="toLocationId" label={t('loans.deliverTo')} rules={[{ required: true, message: translateMessage(LoanMessages.deliveryDestinationRequired) }]}>
              <LocationPicker data-testid={`${testId}-deliver-to`} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="truckId" label={t('warehouseTransfer.truck')} rules={[{ required: true, message: translateMessage(Messages.truckRequired) }]}>
              <ReferenceSelect resourceKey="truck" known={null} data-testid={`${testId}-truck`} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="driverId" label={t('warehouseDispatch.driver')} rules={[{ required: true, message: translateMessage(Messages.driverRequired) }]}>
              <ReferenceSelect resourceKey="driver" known={null} data-testid={`${testId}-driver`} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="wbtNumber" label={t('warehouseTransfer.wbtNumber')} rules={[{ required: true, whitespace: true, message: translateMessage(Messages.wbtRequired) }]}>
              <Input maxLength={50} data-testid={`${testId}-wbt`} />
            </Form.Item>
          </Col>
        </Row>
      )}
    </>
  );
}

/** "Delivered to <place> · slip <number> · in transit / received" of a record with a delivery, else "In place". */
export function DeliveryLine({ delivery, testId }: { delivery: TLoanDelivery | null; testId: string }) {
  const { t } = useTranslation();
  if (delivery === null) return <span data-testid={testId}>{t('loans.inPlace')}</span>;
  return (
    <span data-testid={testId}>
      {t('loans.deliveredTo', { place: delivery.toLocationName, slip: delivery.slipNumber })}{' '}
      <Tag color={delivery.received ? 'green' : 'gold'}>{t(delivery.received ? 'loans.deliveryStates.received' : 'loans.deliveryStates.inTransit')}</Tag>
    </span>
  );
}
