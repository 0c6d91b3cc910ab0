import { useEffect, useState } from 'react';
import { App, Button, Card, Col, Form, InputNumber, Row, Select, Spin, Typography, type FormRule } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, ZProductSettings, type TProductSettings } from '@tonnage/contracts';
import { api, rawRequest } from '../../app/api';
import { showSubmitFailure } from '../../app/form-errors';
import { numericFields, type NumericField } from './settings-fields';
import { PageHeader } from '../../components/PageHeader';

const FIELDS = ['defaultLanguage', ...numericFields.map((field) => field.name)];
const productSettingsKeys = { all: ['product-settings'] as const };

/** `settings` (super admin only): product-wide values the server applies without a restart. */
export default function ProductSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: productSettingsKeys.all, queryFn: () => api('/api/settings', { schema: ZProductSettings }) });
  const [form] = Form.useForm<TProductSettings>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const rangeRule = (field: NumericField): FormRule => ({
    validator: (_rule, value: unknown) => {
      const ok = typeof value === 'number' && value >= field.min && value <= field.max && (!field.integer || Number.isInteger(value));
      return ok ? Promise.resolve() : Promise.reject(new Error(t('settings.range', { min: field.min, max: field.max })));
    },
  });

  const submit = async (values: TProductSettings) => {
    setSaving(true);
    const result = await rawRequest('/api/settings', { method: 'PUT', body: values });
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, FIELDS);
      return;
    }
    void message.success(t('settings.saved'));
    await queryClient.invalidateQueries({ queryKey: productSettingsKeys.all });
  };

  return (
    <div className="page" data-testid="settings-page">
      <PageHeader title={t('settings.title')} />
      <Card>
        <Spin spinning={settings.isPending}>
          <Typography.Paragraph type="secondary">{t('settings.intro')}</Typography.Paragraph>
          <Form<TProductSettings> form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="settings-form">
            <Row gutter={16}>
              <Col xs={24} md={12} lg={8}>
                <Form.Item name="defaultLanguage" label={t('settings.fields.defaultLanguage')} extra={t('settings.hints.defaultLanguage')} required>
                  <Select options={LANGUAGES.map((language) => ({ value: language, label: t(`lang.${language}`) }))} data-testid="settings-defaultLanguage" />
                </Form.Item>
              </Col>
              {numericFields.map((field) => (
                <Col xs={24} md={12} lg={8} key={field.name}>
                  <Form.Item
                    name={field.name}
                    label={t(`settings.fields.${field.name}`)}
                    extra={t('settings.range', { min: field.min, max: field.max })}
                    required
                    rules={[rangeRule(field)]}
                  >
                    <InputNumber
                      min={field.min}
                      max={field.max}
                      step={field.integer ? 1 : field.name === 'sessionHours' ? 0.25 : 1}
                      precision={field.integer ? 0 : undefined}
                      suffix={t(`settings.units.${field.unit}`)}
                      className="full-width"
                      data-testid={`settings-${field.name}`}
                    />
                  </Form.Item>
                </Col>
              ))}
            </Row>
            <Button type="primary" htmlType="submit" loading={saving} disabled={!settings.data} data-testid="settings-save">
              {t('common.save')}
            </Button>
          </Form>
        </Spin>
      </Card>
    </div>
  );
}
