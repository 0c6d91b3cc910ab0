import { useState } from 'react';
import { App, Button, Card, Col, Form, Input, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoanMessages, Messages, consigneeToSmTransaction, smToConsigneeTransaction, type TLoanReturn } from '@tonnage/contracts';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { createLoanReturn, useOpenLoans } from './loans-api';
import { LoanDescriptions, LoanReturnRecord } from './LoanRecords';

interface ReturnValues {
  loanId?: number;
  quantity?: string;
  remarks?: string;
}

const FIELDS = ['loanId', 'quantity', 'remarks'];

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

  if (record) return <LoanReturnRecord record={record} />;

  const submit = async (values: ReturnValues) => {
    setSaving(true);
    const result = await createLoanReturn({ loanId: values.loanId, quantity: values.quantity ?? '', remarks: values.remarks ?? null });
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, FIELDS);
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
              label: `#${loan.id} · ${loan.warehouseName} · ${loan.lenderName} → ${loan.borrowerName} · ${loan.lcPoNumber} · ${t('loans.outstandingValue', { value: loan.outstanding })}`,
            }))}
            data-testid="loan-return-loan"
          />
        </Form.Item>
        {chosen && <LoanDescriptions loan={chosen} />}
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="quantity" label={t('cargo.quantityMt')} rules={[{ required: true, message: translateMessage(Messages.quantityPositive) }]}>
              <Input inputMode="decimal" data-testid="loan-return-quantity" />
            </Form.Item>
          </Col>
        </Row>
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
