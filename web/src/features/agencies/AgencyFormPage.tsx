import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Col, Form, Input, Row, Select, Space, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ZAgency, ZAgencyInput, type TAgencyInput } from '@tonnage/contracts';
import { api } from '../../app/api';
import { emptyToNull, zodRule } from '../../app/form-rules';
import { translateMessage } from '../../app/i18n';
import { useGoBack } from '../../app/navigation';
import { useLanguage } from '../../app/language';
import { useUserContext } from '../../app/session';
import { FileUpload } from '../../components/FileUpload';
import { agencyKeys, useAgency } from './agency-api';
import { browserTimezone, countryOptions, timezoneOptions } from './regions';

interface AgencyFormValues {
  name?: string;
  logo?: string | null;
  timezone?: string;
  countryCode?: string | null;
  address?: string | null;
  contactName?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
}

const fields = ZAgencyInput.shape;

/** Spec section 2.3: one form for `/agencies/add` and `/agencies/{id}/edit`, validated with ZAgencyInput. */
export default function AgencyFormPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { language } = useLanguage();
  const { isSuperAdmin } = useUserContext();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { agencyId } = useParams();
  const id = agencyId && /^\d+$/.test(agencyId) ? Number(agencyId) : null;
  const editing = id !== null;
  const agency = useAgency(id);
  const [form] = Form.useForm<AgencyFormValues>();
  const [saving, setSaving] = useState(false);
  const goBack = useGoBack(isSuperAdmin ? '/agencies/list' : '/');

  const countries = useMemo(() => countryOptions(language), [language]);
  const timezones = useMemo(() => timezoneOptions(), []);

  useEffect(() => {
    if (agency.data) {
      const { name, logo, timezone, countryCode, address, contactName, contactEmail, contactPhone } = agency.data;
      form.setFieldsValue({ name, logo, timezone, countryCode, address, contactName, contactEmail, contactPhone });
    }
  }, [agency.data, form]);

  const submit = async (values: AgencyFormValues) => {
    const input: TAgencyInput = {
      name: values.name ?? '',
      logo: values.logo ?? null,
      timezone: values.timezone ?? '',
      countryCode: values.countryCode ?? null,
      address: values.address ?? null,
      contactName: values.contactName ?? null,
      contactEmail: values.contactEmail ?? null,
      contactPhone: values.contactPhone ?? null,
    };
    const parsed = ZAgencyInput.safeParse(input);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({ name: String(issue.path[0] ?? 'name') as keyof AgencyFormValues, errors: [translateMessage(issue.message)] })),
      );
      return;
    }
    setSaving(true);
    const saved = await api(editing ? `/api/agencies/${id}` : '/api/agencies', {
      method: editing ? 'PUT' : 'POST',
      body: parsed.data,
      schema: ZAgency,
    });
    setSaving(false);
    if (!saved) return;
    void message.success(editing ? t('agencies.form.updated') : t('agencies.form.created'));
    await queryClient.invalidateQueries({ queryKey: agencyKeys.all });
    void navigate(isSuperAdmin ? '/agencies/list' : `/agencies/${saved.id}/dashboard`);
  };

  const loading = editing && agency.isPending;
  return (
    <div className="page" data-testid="agency-form-page">
      <Card title={editing ? t('agencies.form.editTitle') : t('agencies.form.addTitle')}>
        <Spin spinning={loading}>
          <Form<AgencyFormValues>
            form={form}
            layout="vertical"
            initialValues={{ timezone: browserTimezone() }}
            onFinish={(values) => void submit(values)}
            data-testid="agency-form"
          >
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="name" label={t('agencies.form.name')} required rules={[zodRule(fields.name, (v) => v ?? '')]}>
                  <Input maxLength={100} data-testid="agency-form-name" />
                </Form.Item>
                <Form.Item name="timezone" label={t('agencies.form.timezone')} required rules={[zodRule(fields.timezone, (v) => v ?? '')]}>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    options={timezones}
                    placeholder={t('agencies.form.selectTimezone')}
                    data-testid="agency-form-timezone"
                  />
                </Form.Item>
                <Form.Item name="countryCode" label={t('agencies.form.country')} rules={[zodRule(fields.countryCode)]}>
                  <Select
                    allowClear
                    showSearch={{ optionFilterProp: 'label' }}
                    options={countries}
                    placeholder={t('agencies.form.selectCountry')}
                    data-testid="agency-form-country"
                  />
                </Form.Item>
                <Form.Item name="address" label={t('agencies.form.address')} rules={[zodRule(fields.address)]}>
                  <Input.TextArea rows={3} maxLength={255} data-testid="agency-form-address" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="logo" label={t('agencies.form.logo')}>
                  <FileUpload directory="agency" kind="image" testId="agency-form-logo" />
                </Form.Item>
                <Form.Item name="contactName" label={t('agencies.form.contactName')} rules={[zodRule(fields.contactName)]}>
                  <Input maxLength={100} data-testid="agency-form-contact-name" />
                </Form.Item>
                <Form.Item name="contactEmail" label={t('agencies.form.contactEmail')} rules={[zodRule(fields.contactEmail, emptyToNull)]}>
                  <Input type="email" maxLength={100} data-testid="agency-form-contact-email" />
                </Form.Item>
                <Form.Item name="contactPhone" label={t('agencies.form.contactPhone')} rules={[zodRule(fields.contactPhone)]}>
                  <Input maxLength={30} data-testid="agency-form-contact-phone" />
                </Form.Item>
              </Col>
            </Row>
            <Space>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="agency-form-submit">
                {t('common.save')}
              </Button>
              <Button onClick={goBack} data-testid="agency-form-cancel">
                {t('common.cancel')}
              </Button>
            </Space>
          </Form>
        </Spin>
      </Card>
    </div>
  );
}
