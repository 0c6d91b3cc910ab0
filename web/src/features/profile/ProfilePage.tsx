import { useState } from 'react';
import { App, Card, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Messages, ZChangePasswordBody, ZProfileBody, type TUser } from '@tonnage/contracts';
import { apiSend } from '../../app/api';
import { expectOwnUserContextChange } from '../../app/socket';
import { confirmPasswordRules, emptyToNull, newPasswordRules, requiredRule, zodRule } from '../../app/form-rules';
import { translateMessage } from '../../app/i18n';
import { useGoBack } from '../../app/navigation';
import { useSession, useUserContext } from '../../app/session';
import { FileUpload } from '../../components/FileUpload';
import { FormFooter } from '../../components/FormFooter';
import { PasswordChecklist } from '../../components/PasswordChecklist';

interface ProfileValues {
  firstName?: string;
  lastName?: string | null;
  initials?: string | null;
  phone?: string | null;
  idNumber?: string | null;
  email?: string;
  address?: string | null;
  profilePic?: string | null;
}

const profileFields = ZProfileBody.shape;

function initialProfile(user: TUser): ProfileValues {
  const { firstName, lastName, initials, phone, idNumber, email, address, profilePic } = user;
  return { firstName, lastName, initials, phone, idNumber, email, address, profilePic };
}

/** Spec sections 2.11, 4 and 5: the User Details form. */
function UserDetailsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useUserContext();
  const { refreshUserContext } = useSession();
  const goBack = useGoBack();
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: ProfileValues) => {
    const parsed = ZProfileBody.safeParse({
      ...values,
      id: user.id,
      // The uploaded path replaces profilePic; without an upload it is null (spec section 4).
      profilePic: values.profilePic ?? null,
    });
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({ name: String(issue.path[0] ?? 'firstName') as keyof ProfileValues, errors: [translateMessage(issue.message)] })),
      );
      return;
    }
    setSaving(true);
    expectOwnUserContextChange();
    const result = await apiSend('/api/users/profile', { method: 'PUT', body: parsed.data });
    setSaving(false);
    if (!result) return;
    void message.success(t('profile.updated'));
    await refreshUserContext();
    goBack();
  };

  return (
    <Card title={t('profile.editProfile')} data-testid="profile-card">
      <Form<ProfileValues>
        form={form}
        layout="vertical"
        initialValues={initialProfile(user)}
        onFinish={(values) => void submit(values)}
        data-testid="profile-form"
      >
        <Card type="inner" title={t('profile.userDetails')}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="profilePic" label={t('profile.profilePic')}>
                <FileUpload directory="profile" kind="image" testId="profile-pic" />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item name="firstName" label={t('profile.firstName')} required rules={[zodRule(profileFields.firstName, (v) => v ?? '')]}>
                    <Input maxLength={20} autoComplete="given-name" data-testid="profile-first-name" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="lastName" label={t('profile.lastName')} rules={[zodRule(profileFields.lastName)]}>
                    <Input maxLength={20} autoComplete="family-name" data-testid="profile-last-name" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="initials" label={t('profile.initials')} rules={[zodRule(profileFields.initials)]}>
                    <Input maxLength={20} data-testid="profile-initials" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="phone" label={t('profile.phone')} rules={[zodRule(profileFields.phone)]}>
                    <Input maxLength={20} autoComplete="tel" data-testid="profile-phone" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="idNumber" label={t('profile.idNumber')} rules={[zodRule(profileFields.idNumber)]}>
                    <Input maxLength={20} data-testid="profile-id-number" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="email"
                    label={t('profile.email')}
                    required
                    rules={[zodRule(profileFields.email, (v) => (typeof v === 'string' ? v : ''))]}
                  >
                    <Input maxLength={50} type="email" autoComplete="email" data-testid="profile-email" />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item name="address" label={t('profile.address')} rules={[zodRule(profileFields.address, emptyToNull)]}>
                    <Input.TextArea rows={2} maxLength={255} autoComplete="street-address" data-testid="profile-address" />
                  </Form.Item>
                </Col>
              </Row>
            </Col>
          </Row>
        </Card>
        <FormFooter saving={saving} onCancel={goBack} submitLabel={t('profile.update')} testIdPrefix="profile" />
      </Form>
    </Card>
  );
}

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Spec sections 2.11 and 5: change the password, knowing the current one. */
function ResetPasswordCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const goBack = useGoBack();
  const [form] = Form.useForm<ChangePasswordValues>();
  const newPassword = Form.useWatch('newPassword', form);
  const [saving, setSaving] = useState(false);

  const submit = async (values: ChangePasswordValues) => {
    const parsed = ZChangePasswordBody.safeParse(values);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({
          name: String(issue.path[0] ?? 'newPassword') as keyof ChangePasswordValues,
          errors: [translateMessage(issue.message)],
        })),
      );
      return;
    }
    setSaving(true);
    expectOwnUserContextChange();
    const result = await apiSend('/api/auth/changePassword', { method: 'POST', body: parsed.data });
    setSaving(false);
    if (!result) return;
    void message.success(t('password.updated'));
    form.resetFields();
    goBack();
  };

  return (
    <Card title={t('profile.resetPassword')} data-testid="change-password-card">
      <Form<ChangePasswordValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="change-password-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="currentPassword" label={t('password.current')} required rules={[requiredRule(Messages.currentPasswordRequired)]}>
              <Input.Password autoComplete="current-password" data-testid="change-password-current" />
            </Form.Item>
            <Form.Item name="newPassword" label={t('password.new')} required rules={newPasswordRules()}>
              <Input.Password autoComplete="new-password" data-testid="change-password-new" />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={t('password.confirm')}
              required
              dependencies={['newPassword']}
              rules={confirmPasswordRules('newPassword')}
            >
              <Input.Password autoComplete="new-password" data-testid="change-password-confirm" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <PasswordChecklist password={newPassword} />
          </Col>
        </Row>
        <FormFooter saving={saving} onCancel={goBack} submitLabel={t('profile.reset')} testIdPrefix="change-password" />
      </Form>
    </Card>
  );
}

/** `/dashboard/my-profile`. Country and city fields come with a later issue. */
export default function ProfilePage() {
  return (
    <div className="page page-stack" data-testid="profile-page">
      <UserDetailsCard />
      <ResetPasswordCard />
    </div>
  );
}
