import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Spin, Switch, Tag, Typography } from 'antd';
import { DeleteOutlined, SendOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SMTP_SECURITY, ZEmailSettings, ZEmailSettingsInput, ZTestEmailInput, type TEmailSettings, type TEmailSettingsInput } from '@tonnage/contracts';
import { ClientErrorCode, rawRequest, reportFailure } from '../../app/api';
import { emptyToNull, zodRule } from '../../app/form-rules';
import { issuesToFieldErrors, showSubmitFailure } from '../../app/form-errors';
import { entryPermission, useCan } from '../../app/guards';
import { describeApiError, translateMessage } from '../../app/i18n';
import { DEFAULT_PORTS, emailSettingsKeys, passwordChange, type Security } from './email-settings';
import { PageHeader } from '../../components/PageHeader';


interface EmailSettingsValues {
  host?: string;
  port?: number | null;
  security?: Security;
  username?: string | null;
  password?: string;
  fromName?: string;
  fromEmail?: string;
  isActive?: boolean;
}

const FIELDS = ['host', 'port', 'security', 'username', 'password', 'fromName', 'fromEmail', 'isActive'] as const;
const fields = ZEmailSettingsInput.shape;

/** `GET /api/email-settings`: the stored settings, or null while the agency has none (the server answers 404). */
async function fetchEmailSettings(): Promise<TEmailSettings | null> {
  const result = await rawRequest('/api/email-settings');
  if (!result.ok) {
    if (result.status !== 404) reportFailure(result.status, result.error);
    return null;
  }
  const parsed = ZEmailSettings.safeParse(result.data);
  if (!parsed.success) {
    reportFailure(result.status, { message: 'Unexpected response', code: ClientErrorCode.unexpectedResponse });
    return null;
  }
  return parsed.data;
}


function toInput(values: EmailSettingsValues, removing: boolean): TEmailSettingsInput {
  return {
    host: values.host ?? '',
    port: values.port ?? Number.NaN,
    security: values.security ?? 'starttls',
    username: values.username ?? null,
    fromName: values.fromName ?? '',
    fromEmail: values.fromEmail ?? '',
    isActive: values.isActive ?? true,
    ...passwordChange(values.password, removing),
  };
}

function TestEmail() {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const send = async () => {
    const parsed = ZTestEmailInput.safeParse({ to });
    if (!parsed.success) {
      setOutcome({ ok: false, text: translateMessage(parsed.error.issues[0]?.message ?? '') });
      return;
    }
    setSending(true);
    setOutcome(null);
    const result = await rawRequest('/api/email-settings/test', { method: 'POST', body: parsed.data });
    setSending(false);
    // The server's own error (for example the SMTP server's refusal) is shown as it came.
    setOutcome(result.ok ? { ok: true, text: t('emailSettings.testSent', { to: parsed.data.to }) } : { ok: false, text: describeApiError(result.error) });
  };

  return (
    <Card type="inner" title={t('emailSettings.testTitle')} className="form-section">
      <Typography.Paragraph type="secondary">{t('emailSettings.testIntro')}</Typography.Paragraph>
      <Space.Compact className="email-test">
        <Input
          type="email"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          onPressEnter={() => void send()}
          placeholder={t('emailSettings.testTo')}
          aria-label={t('emailSettings.testTo')}
          data-testid="email-test-to"
        />
        <Button icon={<SendOutlined className="flip-rtl" />} loading={sending} onClick={() => void send()} data-testid="email-test-send">
          {t('emailSettings.testSend')}
        </Button>
      </Space.Compact>
      {outcome && <Alert className="email-test-result" type={outcome.ok ? 'success' : 'error'} showIcon title={outcome.text} data-testid="email-test-result" />}
    </Card>
  );
}

/** `emailSettings`: the agency's SMTP server and sender, through which its mail goes; and a test e-mail. */
export default function EmailSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: emailSettingsKeys.all, queryFn: fetchEmailSettings });
  const stored = settings.data ?? null;
  const canSave = useCan(entryPermission('emailSettings', stored ? 'edit' : 'add'));
  const [form] = Form.useForm<EmailSettingsValues>();
  const [removing, setRemoving] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!stored) return;
    const { host, port, security, username, fromName, fromEmail, isActive } = stored;
    form.setFieldsValue({ host, port, security, username, fromName, fromEmail, isActive, password: '' });
    setRemoving(false);
  }, [stored, form]);

  const submit = async (values: EmailSettingsValues) => {
    const input = toInput(values, removing);
    const parsed = ZEmailSettingsInput.safeParse(input);
    if (!parsed.success) {
      form.setFields(issuesToFieldErrors(parsed.error.issues, 'host').map((error) => ({ ...error, name: error.name as keyof EmailSettingsValues })));
      return;
    }
    setSaving(true);
    const result = await rawRequest('/api/email-settings', { method: 'PUT', body: input });
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, FIELDS);
      return;
    }
    void message.success(t('emailSettings.saved'));
    await queryClient.invalidateQueries({ queryKey: emailSettingsKeys.all });
  };

  const hasPassword = stored?.hasPassword === true;
  return (
    <div className="page" data-testid="email-settings-page">
      <PageHeader title={t('emailSettings.title')} />
      <Spin spinning={settings.isPending}>
        <Card>
          {settings.isFetched && !stored && <Alert type="info" showIcon className="form-note" title={t('emailSettings.notConfigured')} />}
          <Form<EmailSettingsValues>
            form={form}
            layout="vertical"
            disabled={!canSave}
            initialValues={{ security: 'starttls', port: DEFAULT_PORTS.starttls, isActive: true }}
            onValuesChange={(changed: EmailSettingsValues) => {
              if (changed.security === undefined) return;
              const port = form.getFieldValue('port') as number | null | undefined;
              if (port === null || port === undefined || Object.values(DEFAULT_PORTS).includes(port)) form.setFieldValue('port', DEFAULT_PORTS[changed.security]);
            }}
            onFinish={(values) => void submit(values)}
            data-testid="email-settings-form"
          >
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="host" label={t('emailSettings.host')} required rules={[zodRule(fields.host, (v) => v ?? '')]}>
                  <Input maxLength={255} placeholder="smtp.example.com" data-testid="email-settings-host" />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item name="port" label={t('emailSettings.port')} required rules={[zodRule(fields.port, (v) => v ?? undefined)]}>
                  <InputNumber min={1} max={65535} precision={0} className="full-width" data-testid="email-settings-port" />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item name="security" label={t('emailSettings.security')}>
                  <Select
                    options={SMTP_SECURITY.map((value) => ({ value, label: t(`emailSettings.securities.${value}`) }))}
                    data-testid="email-settings-security"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="username" label={t('emailSettings.username')} rules={[zodRule(fields.username, emptyToNull)]}>
                  <Input maxLength={255} autoComplete="off" data-testid="email-settings-username" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="password"
                  label={
                    <Space size={4}>
                      {t('emailSettings.password')}
                      {hasPassword && !removing && <Tag color="blue">{t('emailSettings.passwordStored')}</Tag>}
                      {removing && <Tag color="red">{t('emailSettings.passwordWillBeRemoved')}</Tag>}
                    </Space>
                  }
                  extra={hasPassword ? t('emailSettings.passwordKeepHint') : undefined}
                >
                  <Input.Password
                    maxLength={500}
                    autoComplete="new-password"
                    disabled={removing}
                    placeholder={hasPassword ? t('emailSettings.passwordPlaceholderStored') : t('emailSettings.passwordPlaceholder')}
                    data-testid="email-settings-password"
                  />
                </Form.Item>
                {hasPassword &&
                  (removing ? (
                    <Button size="small" className="form-note" icon={<UndoOutlined />} onClick={() => setRemoving(false)} data-testid="email-settings-keep-password">
                      {t('emailSettings.keepPassword')}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      className="form-note"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => {
                        setRemoving(true);
                        form.setFieldValue('password', '');
                      }}
                      data-testid="email-settings-remove-password"
                    >
                      {t('emailSettings.removePassword')}
                    </Button>
                  ))}
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="fromName" label={t('emailSettings.fromName')} required rules={[zodRule(fields.fromName, (v) => v ?? '')]}>
                  <Input maxLength={100} data-testid="email-settings-from-name" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="fromEmail" label={t('emailSettings.fromEmail')} required rules={[zodRule(fields.fromEmail, (v) => v ?? '')]}>
                  <Input type="email" maxLength={100} data-testid="email-settings-from-email" />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item name="isActive" label={t('emailSettings.active')} valuePropName="checked" extra={t('emailSettings.activeHint')}>
                  <Switch data-testid="email-settings-active" />
                </Form.Item>
              </Col>
            </Row>
            {canSave && (
              <Button type="primary" htmlType="submit" loading={saving} data-testid="email-settings-save">
                {t('common.save')}
              </Button>
            )}
          </Form>
          {canSave && stored && <TestEmail />}
        </Card>
      </Spin>
    </div>
  );
}
