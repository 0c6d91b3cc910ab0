import { useEffect, useState } from 'react';
import { App, Col, DatePicker, Drawer, Form, Input, Radio, Row, Select, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, Messages, ShippingMessages } from '@tonnage/contracts';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { VoyageSelect } from '../../components/cargo/VoyageSelect';
import { FormFooter } from '../../components/FormFooter';
import { ConsigneePicker } from '../../components/pickers';
import { ReferenceSelect } from '../../components/resources/ReferenceSelect';
import { ConsignmentSelect } from './ConsignmentSelect';
import { saveShipment, shippingKeys, usePortBerths, useShipment } from './shipping-api';
import {
  EMPTY_SHIPMENT_FORM,
  SHIPMENT_FORM_FIELDS,
  blQuantityProblem,
  datesInOrder,
  formValuesOf,
  remapFieldDetails,
  toShipmentInput,
  type ShipmentFormValues,
} from './shipping-form';

export interface ShipmentDrawerProps {
  open: boolean;
  /** The shipment to edit, or null to add one. */
  shipmentId: number | null;
  onClose: () => void;
}

const required = (message: string) => ({ required: true, message: translateMessage(message) });

/** Add or edit a shipment: an existing voyage or a new one, the consignment and the bill of lading. */
export function ShipmentDrawer({ open, shipmentId, onClose }: ShipmentDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ShipmentFormValues>();
  const [saving, setSaving] = useState(false);
  const editing = useShipment(open ? shipmentId : null);
  const shipment = shipmentId !== null ? editing.data : null;
  const voyageMode = Form.useWatch('voyageMode', form) ?? 'existing';
  const portId = Form.useWatch('portId', form);
  const { berths, loading: berthsLoading } = usePortBerths(typeof portId === 'number' ? portId : undefined);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(shipment ? formValuesOf(shipment) : EMPTY_SHIPMENT_FORM);
  }, [open, shipment, form]);

  const submit = async (values: ShipmentFormValues) => {
    setSaving(true);
    const result = await saveShipment(shipmentId, toShipmentInput(values));
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, { ...result, error: { ...result.error, details: remapFieldDetails(result.error.details) } }, SHIPMENT_FORM_FIELDS);
      return;
    }
    void message.success(shipmentId === null ? t('shipping.created') : t('shipping.updated'));
    await queryClient.invalidateQueries({ queryKey: shippingKeys.all });
    onClose();
  };

  const loading = shipmentId !== null && editing.isLoading;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={shipmentId === null ? t('shipping.add') : t('shipping.edit')}
      size="large"
      destroyOnHidden
      data-testid="shipment-drawer"
    >
      <Spin spinning={loading}>
        <Form<ShipmentFormValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} initialValues={EMPTY_SHIPMENT_FORM} data-testid="shipment-form">
          <Typography.Title level={5}>{t('shipping.voyageSection')}</Typography.Title>
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
          {voyageMode === 'existing' ? (
            <Form.Item name="voyageId" label={t('shipping.vesselVoyage')} rules={[required(ShippingMessages.voyageRequired)]}>
              <VoyageSelect
                known={shipment ? { id: shipment.voyageId, vesselName: shipment.voyage.vesselName, voyageNumber: shipment.voyage.voyageNumber } : null}
                data-testid="shipment-voyage"
              />
            </Form.Item>
          ) : (
            <>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="vesselId" label={t('shipping.vessel')} rules={[required(ShippingMessages.vesselRequired)]}>
                    <ReferenceSelect resourceKey="vessel" data-testid="shipment-vessel" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="voyageNumber" label={t('shipping.voyageNumber')} rules={[{ ...required(ShippingMessages.voyageNumberRequired), whitespace: true }, { max: 50 }]}>
                    <Input maxLength={50} data-testid="shipment-voyage-number" />
                  </Form.Item>
                </Col>
              </Row>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="portId" label={t('shipping.port')} rules={[required(ShippingMessages.portRequired)]}>
                    <ReferenceSelect resourceKey="port" onChange={() => form.setFieldValue('berthId', null)} data-testid="shipment-port" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="berthId" label={t('shipping.berth')}>
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
                </Col>
              </Row>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="arrivalDate" label={t('shipping.arrivalDate')}>
                    <DatePicker format={DATE_FORMAT} className="full-width" data-testid="shipment-arrival" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="completionDate"
                    label={t('shipping.completionDate')}
                    dependencies={['arrivalDate']}
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: (_rule, value: ShipmentFormValues['completionDate']) =>
                          datesInOrder(getFieldValue('arrivalDate') as ShipmentFormValues['arrivalDate'], value)
                            ? Promise.resolve()
                            : Promise.reject(new Error(translateMessage(ShippingMessages.completionBeforeArrival))),
                      }),
                    ]}
                  >
                    <DatePicker format={DATE_FORMAT} className="full-width" data-testid="shipment-completion" />
                  </Form.Item>
                </Col>
              </Row>
            </>
          )}
          <Typography.Title level={5}>{t('shipping.blSection')}</Typography.Title>
          <Form.Item name="consignmentId" label={t('shipping.consignment')} rules={[required(ShippingMessages.consignmentRequired)]}>
            <ConsignmentSelect
              known={shipment ? { id: shipment.consignmentId, lcPo: shipment.Consignment.LC.LCPONumber, refNumber: shipment.Consignment.RefLC.refNumber } : null}
              data-testid="shipment-consignment"
            />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="blNumber" label={t('shipping.blNumber')} rules={[{ ...required(ShippingMessages.blNumberRequired), whitespace: true }, { max: 50 }]}>
                <Input maxLength={50} data-testid="shipment-bl-number" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="blQuantity"
                label={t('shipping.blQuantity')}
                rules={[
                  {
                    validator: (_rule, value: string | undefined) => {
                      const problem = blQuantityProblem(value);
                      if (problem === null) return Promise.resolve();
                      return Promise.reject(new Error(problem === 'positive' ? translateMessage(Messages.quantityPositive) : t('shipping.quantityFormat')));
                    },
                  },
                ]}
              >
                <Input inputMode="decimal" data-testid="shipment-bl-quantity" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="blConsigneeId" label={t('shipping.blConsignee')}>
                <ConsigneePicker mode="consignee" placeholder={t('shipping.blConsigneeDefault')} data-testid="shipment-bl-consignee" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="blDate" label={t('shipping.blDate')}>
                <DatePicker format={DATE_FORMAT} className="full-width" data-testid="shipment-bl-date" />
              </Form.Item>
            </Col>
          </Row>
          <FormFooter saving={saving} onCancel={onClose} testIdPrefix="shipment" />
        </Form>
      </Spin>
    </Drawer>
  );
}
