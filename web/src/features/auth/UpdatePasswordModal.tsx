import { useState } from 'react';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Messages, ZUpdatePasswordBody } from '@tonnage/contracts';
import { apiSend } from '../../app/api';
import { expectOwnUserContextChange } from '../../app/socket';
import { confirmPasswordRules, newPasswordRules } from '../../app/form-rules';
import { translateMessage } from '../../app/i18n';
import { useSession } from '../../app/session';
import { PasswordChecklist } from '../../components/PasswordChecklist';

interface UpdatePasswordValues {
  password: string;
  confirmPassword: string;
}

/**
 * Spec section 4: a non-super-admin whose password reset is due must set a new one first. The modal has
 * no close button, ignores the mask and Esc, and closes only after a successful update.
 */
export function UpdatePasswordModal() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { userContext, refreshUserContext } = useSession();
  const [form] = Form.useForm<UpdatePasswordValues>();
  const password = Form.useWatch('password', form);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  const due = Boolean(userContext && !userContext.isSuperAdmin && userContext.passwordResetDue) && !done;

  const submit = async (values: UpdatePasswordValues) => {
    // The full rule is checked again on submit (spec section 5).
    const parsed = ZUpdatePasswordBody.safeParse(values);
    if (!parsed.success) {
      form.setFields([{ name: 'password', errors: [translateMessage(Messages.passwordRule)] }]);
      return;
    }
    setSaving(true);
    expectOwnUserContextChange();
    const result = await apiSend('/api/auth/updatePassword', { method: 'POST', body: parsed.data });
    setSaving(false);
    if (!result) return;
    void message.success(t('password.updated'));
    setDone(true);
    form.resetFields();
    await refreshUserContext();
  };

  return (
    <Modal
      open={due}
      title={t('password.forcedTitle')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
    >
      <div data-testid="update-password-modal">
        <Typography.Paragraph type="secondary">{t('password.forcedIntro')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
          <Form.Item name="password" label={t('password.new')} rules={newPasswordRules()}>
            <Input.Password autoComplete="new-password" data-testid="update-password-new" />
          </Form.Item>
          <PasswordChecklist password={password} />
          <Form.Item name="confirmPassword" label={t('password.confirm')} dependencies={['password']} rules={confirmPasswordRules('password')}>
            <Input.Password autoComplete="new-password" data-testid="update-password-confirm" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={saving} data-testid="update-password-submit">
            {t('password.forcedSubmit')}
          </Button>
        </Form>
      </div>
    </Modal>
  );
}
