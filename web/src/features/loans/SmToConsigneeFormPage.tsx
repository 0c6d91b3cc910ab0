import { useState } from 'react';
import { App, Button, Card, Col, Form, Input, Radio, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoanMessages, Messages, WarehouseDispatchMessages, consigneeToSmTransaction, smToConsigneeTransaction, type TLoanReturn } from '@tonnage/contracts';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { PositionBalance } from '../warehouse-dispatch/PositionBalance';
import { createLoanReturn, useLoanReturnSources, useOpenLoans } from './loans-api';
import { LoanDescriptions, LoanReturnRecord } from './LoanRecords';
import { DeliveryFields, movementOf, type DeliveryValues } from './LoanDelivery';
import { TRIP_FIELDS, flattenMovementErrors } from '../../components/cargo/TripFields';
import { fromTo } from '../../components/cargo/reverse-question';
import { isolate } from '../../app/format';

interface ReturnValues extends DeliveryValues {
  loanId?: number;
  from?: 'loaned' | 'other';
  source?: string;
  quantity?: string;
  remarks?: string;
}

const FIELDS = ['loanId', 'from', 'source', 'quantity', 'remarks', ...TRIP_FIELDS];

/** A position's key in the source picker. */
const sourceKey = (p: { warehouseId: number; siloId: number | null; consignmentId: number; voyageId: number; attachedVoyageId: number }) =>
  [p.warehouseId, p.siloId ?? 0, p.consignmentId, p.voyageId, p.attachedVoyageId].join(':');

/**
 * `warehouse/sm-to-consignee/add`: a loan with something outstanding and the quantity the shipment manager gives
 * back in place (never above the outstanding). A return is not edited: its record page shows it.
 */
function SmToConsigneeForm({ record }: { record: TLoanReturn | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ReturnValues>();
  const [saving, setSaving] = useState(false);
  const loans = useOpenLoans();
  const loanId = Form.useWatch('loanId', form);
  const chosen = (loans.data ?? []).find((loan) => loan.id === loanId);
  const from = Form.useWatch('from', form) ?? 'loaned';
  const sources = useLoanReturnSources(loanId, from === 'other');
  const sourceValue = Form.useWatch('source', form);
  const source = (sources.data ?? []).find((p) => sourceKey(p) === sourceValue);

  if (record) return <LoanReturnRecord record={record} />;

  const submit = async (values: ReturnValues) => {
    setSaving(true);
    const picked = values.from === 'other' ? (sources.data ?? []).find((p) => sourceKey(p) === values.source) : undefined;
    if (values.from === 'other' && !picked) {
      form.setFields([{ name: 'source', errors: [translateMessage(WarehouseDispatchMessages.positionRequired)] }]);
      setSaving(false);
      return;
    }
    const result = await createLoanReturn({
      loanId: values.loanId,
      quantity: values.quantity ?? '',
      source: picked ? { locationId: picked.warehouseId, siloId: picked.siloId, consignmentId: picked.consignmentId, voyageId: picked.voyageId, attachedVoyageId: picked.attachedVoyageId } : null,
      movement: movementOf(values),
      remarks: values.remarks ?? null,
    });
    setSaving(false);
    if (!result.ok) {
      const flat = flattenMovementErrors(result);
      const details = flat.error.details;
      // A delivered loan's return needs the SM's cargo: without the source picker shown, the choice "Return from" says so.
      const error = details?.source !== undefined && values.from !== 'other' ? { ...flat, error: { ...flat.error, details: { ...details, from: details.source } } } : flat;
      showSubmitFailure(form, error, FIELDS);
      return;
    }
    void message.success(translateMessage(LoanMessages.loanReturnCreated));
    await queryClient.invalidateQueries({ queryKey: [smToConsigneeTransaction.key] });
    await queryClient.invalidateQueries({ queryKey: [consigneeToSmTransaction.key] });
    void navigate(agencyPath(smToConsigneeTransaction.route));
  };

  return (
    <Form<ReturnValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="loan-return-form">
      <Card>
        <Form.Item name="loanId" label={t('loans.loan')} rules={[{ required: true, message: translateMessage(LoanMessages.loanRequired) }]}>
          <Select<number>
            loading={loans.isFetching}
            placeholder={t('loans.selectLoan')}
            notFoundContent={t('loans.noOpenLoans')}
            options={(loans.data ?? []).map((loan) => ({
              value: loan.id,
              label: `${isolate(`#${loan.id}`)} · ${isolate(loan.warehouseName)} · ${fromTo(t, loan.lenderName, loan.borrowerName)} · ${isolate(loan.lcPoNumber)} · ${t('loans.outstandingValue', { value: loan.outstanding })}`,
            }))}
            // A loan on board has no cargo on hand to give back: it is returned from other cargo of the shipment manager.
            onChange={(id: number) => {
              if ((loans.data ?? []).find((loan) => loan.id === id)?.place === 'onBoard') form.setFieldsValue({ from: 'other', source: undefined });
            }}
            data-testid="loan-return-loan"
          />
        </Form.Item>
        {chosen && <LoanDescriptions loan={chosen} />}
        <Form.Item name="from" label={t('loans.returnFrom')} initialValue="loaned">
          <Radio.Group data-testid="loan-return-from" onChange={() => form.setFieldValue('source', undefined)}>
            <Radio value="loaned" disabled={chosen?.place === 'onBoard'} data-testid="loan-return-from-loaned">
              {t('loans.returnFromKinds.loaned')}
            </Radio>
            <Radio value="other" data-testid="loan-return-from-other">
              {t('loans.returnFromKinds.other')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {from === 'other' && (
          <>
            <Form.Item name="source" label={t('loans.returnSource')} rules={[{ required: true, message: translateMessage(WarehouseDispatchMessages.positionRequired) }]} extra={t('loans.returnFromHint')}>
              <Select<string>
                loading={sources.isFetching}
                disabled={loanId === undefined}
                placeholder={t('loans.selectReturnSource')}
                notFoundContent={t('loans.noReturnSources')}
                options={(sources.data ?? []).map((p) => ({
                  value: sourceKey(p),
                  label: `${p.warehouseName} · ${p.siloName ?? t('warehouseDispatch.openArea')} · ${p.lcPoNumber} · ${t('warehouseDispatch.usable', { value: p.usable })}`,
                }))}
                data-testid="loan-return-source"
              />
            </Form.Item>
            {source && <PositionBalance position={source} usableTestId="loan-return-source-usable" />}
          </>
        )}
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="quantity" label={t('cargo.quantityMt')} rules={[{ required: true, message: translateMessage(Messages.quantityPositive) }]}>
              <Input inputMode="decimal" data-testid="loan-return-quantity" />
            </Form.Item>
          </Col>
        </Row>
        <DeliveryFields form={form} testId="loan-return" />
        <Form.Item name="remarks" label={t('warehouseDispatch.remarks')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="loan-return-save">
          {t('warehouseDispatch.save')}
        </Button>
      </Card>
    </Form>
  );
}

export default function SmToConsigneeFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<TLoanReturn> declaration={smToConsigneeTransaction} title={{ add: t('loans.smToConsigneeAdd'), edit: t('loans.smToConsigneeTitle') }} testId="loan-return-form-page">
      {(record) => <SmToConsigneeForm record={record} />}
    </TransactionFormPage>
  );
}
