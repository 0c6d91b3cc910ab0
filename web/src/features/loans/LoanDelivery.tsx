import { Checkbox, Form, Tag, Tooltip, type FormInstance } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useAgencyPath } from '../../app/navigation';
import { useTranslation } from 'react-i18next';
import { LoanMessages, transferSlipPrintRoute, type TLoanDelivery, type TransactionDeclaration } from '@tonnage/contracts';
import { translateMessage } from '../../app/i18n';
import { LocationPicker } from '../../components/pickers';
import { TripFields, tripMovement, type TripValues } from '../../components/cargo/TripFields';

/** The delivery fields of a loan or loan return form: off is the ownership change in place. */
export interface DeliveryValues extends TripValues {
  deliver?: boolean;
}

/** The body's `movement`: null in place, else the destination and the trip. */
export function movementOf(values: DeliveryValues) {
  return values.deliver === true ? tripMovement(values) : null;
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
        <TripFields
          testId={testId}
          destination={
            <Form.Item name="toLocationId" label={t('loans.deliverTo')} rules={[{ required: true, message: translateMessage(LoanMessages.deliveryDestinationRequired) }]}>
              <LocationPicker data-testid={`${testId}-deliver-to`} />
            </Form.Item>
          }
        />
      )}
    </>
  );
}

/** "Delivered to <place> · slip <number> · in transit / received" of a record with a delivery (with its slip's print link), else "In place". */
export function DeliveryLine({ delivery, testId, print }: { delivery: TLoanDelivery | null; testId: string; print?: { declaration: Pick<TransactionDeclaration, 'route'>; recordId: number } }) {
  const { t } = useTranslation();
  const agencyPath = useAgencyPath();
  if (delivery === null) return <span data-testid={testId}>{t('loans.inPlace')}</span>;
  return (
    <span data-testid={testId}>
      {t('loans.deliveredTo', { place: delivery.toLocationName, slip: delivery.slipNumber })}{' '}
      <Tag color={delivery.received ? 'green' : 'gold'}>{t(delivery.received ? 'loans.deliveryStates.received' : 'loans.deliveryStates.inTransit')}</Tag>
      {print && (
        <Tooltip title={t('warehouseTransfer.printSlip')}>
          <Link to={agencyPath(transferSlipPrintRoute(print.declaration, print.recordId))} aria-label={t('warehouseTransfer.printSlip')} data-testid={`${testId}-print`}>
            <PrinterOutlined />
          </Link>
        </Tooltip>
      )}
    </span>
  );
}
