import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZRoleInput, type TRole } from '@tonnage/contracts';
import { zodRule } from '../../app/form-rules';
import { showSubmitFailure } from '../../app/form-errors';
import { saveRole } from './role-api';

interface RoleNameFormProps {
  /** The role to rename; none to add one. */
  role?: Pick<TRole, 'id' | 'name'>;
  onSaved: (role: TRole | null) => void;
  onCancel: () => void;
}

/** The name of a role (ZRoleInput), for adding a role and renaming one; the server's field errors show on the field. */
export function RoleNameForm({ role, onSaved, onCancel }: RoleNameFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async ({ name }: { name: string }) => {
    setSaving(true);
    const { result, role: saved } = await saveRole(role?.id ?? null, name.trim());
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, ['name']);
      return;
    }
    onSaved(saved);
  };

  return (
    <Form form={form} layout="vertical" initialValues={{ name: role?.name ?? '' }} onFinish={(values) => void submit(values)} data-testid="role-form">
      <Form.Item name="name" label={t('roles.name')} required rules={[zodRule(ZRoleInput.shape.name, (v) => v ?? '')]}>
        <Input maxLength={50} autoFocus data-testid="role-form-name" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="role-form-submit">
          {t('common.save')}
        </Button>
        <Button onClick={onCancel} data-testid="role-form-cancel">
          {t('common.cancel')}
        </Button>
      </Space>
    </Form>
  );
}
