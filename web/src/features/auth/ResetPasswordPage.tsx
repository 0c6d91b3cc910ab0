import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { ArrowLeftOutlined, LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { apiSend } from '../../app/api';
import { confirmPasswordRules, newPasswordRules } from '../../app/form-rules';
import { PasswordChecklist } from '../../components/PasswordChecklist';
import { AuthLayout } from './AuthLayout';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

/** Spec sections 2.8 and 8: a new password from the e-mailed link; on success back to the login page. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [form] = Form.useForm<ResetValues>();
  const password = Form.useWatch('password', form);
  const [saving, setSaving] = useState(false);

  const submit = async (values: ResetValues) => {
    setSaving(true);
    const result = await apiSend(`/api/auth/resetPassword/${encodeURIComponent(token)}`, {
      method: 'PUT',
      body: { password: values.password, confirmPassword: values.confirmPassword },
    });
    setSaving(false);
    if (!result) return;
    notification.success({ title: t('common.success'), description: t('reset.success') });
    void navigate('/', { replace: true });
  };

  return (
    <AuthLayout title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <Form.Item name="password" label={t('reset.newPassword')} rules={newPasswordRules()}>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus data-testid="reset-password" />
        </Form.Item>
        <PasswordChecklist password={password} />
        <Form.Item
          name="confirmPassword"
          label={t('reset.confirmPassword')}
          dependencies={['password']}
          rules={confirmPasswordRules('password')}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="reset-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={saving} data-testid="reset-submit">
          {t('reset.submit')}
        </Button>
      </Form>
      <div className="auth-back">
        <Link to="/" data-testid="back-to-login">
          <ArrowLeftOutlined className="flip-rtl" /> {t('reset.back')}
        </Link>
      </div>
    </AuthLayout>
  );
}
