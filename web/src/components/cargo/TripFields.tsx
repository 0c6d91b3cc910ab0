import type { ReactNode } from 'react';
import { Col, Form, Input, Radio, Row, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { Messages, type TApiError } from '@tonnage/contracts';
import type { RawResult } from '../../app/api';
import { translateMessage } from '../../app/i18n';
import { ReferenceSelect } from '../resources/ReferenceSelect';

/*
 * One truck trip's fields (issue 14): the destination, truck, driver, weighbridge ticket and quantity of a slip, as
 * Warehouse Pre Out, Consignee Out, Warehouse Transfer and the deliveries by truck of a sale, a loan, a loan return
 * and a consignee transfer ask them. Test ids are `<testId>-truck`, `-driver`, `-wbt`, `-quantity`.
 */

/** A trip's form values (flat: the server's `movement.*` errors are moved onto them by `flattenMovementErrors`). */
export interface TripValues {
  toLocationId?: number;
  truckId?: number;
  driverId?: number;
  wbtNumber?: string;
}

/** The form fields of a delivery's `movement` (where the server's `movement.*` errors land). */
export const TRIP_FIELDS = ['toLocationId', 'truckId', 'driverId', 'wbtNumber'];

/** A command's `movement`: the destination and the trip. */
export function tripMovement(values: TripValues) {
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

export interface TripFieldsProps {
  /** The prefix of the fields' test ids. */
  testId: string;
  /** The destination's column (its Form.Item), first in the row; none when the form asks it elsewhere. */
  destination?: ReactNode;
  /** The truck and driver of the record edited, shown before the options load. */
  known?: { truckId: number; truckPlate: string; driverId: number; driverName: string } | null;
  /** The weighbridge ticket (a Pre Out has none). */
  wbt?: boolean;
  /** The quantity, with the message when it is missing (a delivery's quantity is the record's own, asked elsewhere). */
  quantityMessage?: Parameters<typeof translateMessage>[0];
  /** Extra props of the row (a test id). */
  rowTestId?: string;
}

/** The destination, truck, driver, ticket and quantity of one truck trip, in one row. */
export function TripFields({ testId, destination, known = null, wbt = true, quantityMessage, rowTestId }: TripFieldsProps) {
  const { t } = useTranslation();
  const count = (destination === undefined ? 0 : 1) + 2 + (wbt ? 1 : 0) + (quantityMessage === undefined ? 0 : 1);
  const span = 24 / count;
  return (
    <Row gutter={16} data-testid={rowTestId}>
      {destination !== undefined && (
        <Col xs={24} md={span}>
          {destination}
        </Col>
      )}
      <Col xs={24} md={span}>
        <Form.Item name="truckId" label={t('warehouseDispatch.truck')} rules={[{ required: true, message: translateMessage(Messages.truckRequired) }]}>
          <ReferenceSelect resourceKey="truck" known={known ? { value: known.truckId, label: known.truckPlate } : null} data-testid={`${testId}-truck`} />
        </Form.Item>
      </Col>
      <Col xs={24} md={span}>
        <Form.Item name="driverId" label={t('warehouseDispatch.driver')} rules={[{ required: true, message: translateMessage(Messages.driverRequired) }]}>
          <ReferenceSelect resourceKey="driver" known={known ? { value: known.driverId, label: known.driverName } : null} data-testid={`${testId}-driver`} />
        </Form.Item>
      </Col>
      {wbt && (
        <Col xs={24} md={span}>
          <Form.Item name="wbtNumber" label={t('warehouseTransfer.wbtNumber')} rules={[{ required: true, whitespace: true, message: translateMessage(Messages.wbtRequired) }]}>
            <Input maxLength={50} data-testid={`${testId}-wbt`} />
          </Form.Item>
        </Col>
      )}
      {quantityMessage !== undefined && (
        <Col xs={24} md={span}>
          <Form.Item name="quantity" label={t('cargo.quantityMt')} rules={[{ required: true, message: translateMessage(quantityMessage) }]}>
            <Input inputMode="decimal" data-testid={`${testId}-quantity`} />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}

/** "In place" or "By truck": the delivery mode of a record that may travel on a transfer slip. */
export function DeliveryModeField({ label, inPlace, byTruck, testId }: { label: string; inPlace: string; byTruck: string; testId: string }) {
  return (
    <Form.Item name="delivery" label={label}>
      <Radio.Group
        optionType="button"
        options={[
          { value: 'inPlace', label: inPlace },
          { value: 'truck', label: byTruck },
        ]}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** Whether the form's delivery mode is "by truck". */
export function useByTruck(form: FormInstance): boolean {
  return Form.useWatch('delivery', form) === 'truck';
}
