import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { ArrowLeftOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Messages } from '@tonnage/contracts';
import { rawRequest } from '../../app/api';
import { requiredRule } from '../../app/form-rules';
import { AuthLayout } from './AuthLayout';

/** Spec sections 2.7 and 8: the confirmation shows whatever the outcome, so usernames cannot be probed. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const [form] = Form.useForm<{ username: string }>();
  const [sending, setSending] = useState(false);

  const submit = async ({ username }: { username: string }) => {
    setSending(true);
    await rawRequest('/api/auth/forgotPassword', { method: 'POST', body: { username: username.trim() } });
    setSending(false);
    notification.success({ title: t('forgot.successTitle'), description: t('forgot.sent') });
    form.resetFields();
  };

  return (
    <AuthLayout title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <Form.Item name="username" label={t('forgot.username')} rules={[requiredRule(Messages.usernameRequired)]}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus data-testid="forgot-username" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={sending} data-testid="forgot-submit">
          {t('forgot.submit')}
        </Button>
      </Form>
      <div className="auth-back">
        <Link to="/" data-testid="back-to-login">
          <ArrowLeftOutlined className="flip-rtl" /> {t('forgot.back')}
        </Link>
      </div>
    </AuthLayout>
  );
}
