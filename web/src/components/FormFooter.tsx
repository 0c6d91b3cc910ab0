import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface FormFooterProps {
  /** The submit button spins while the form is being saved. */
  saving?: boolean;
  onCancel: () => void;
  /** The submit button's text; Save by default. */
  submitLabel?: ReactNode;
  /** Test ids `<prefix>-submit` and `<prefix>-cancel`. */
  testIdPrefix: string;
  disabled?: boolean;
}

/** The button row under a form: submit (the form's htmlType submit) and cancel, in reading order. */
export function FormFooter({ saving = false, onCancel, submitLabel, testIdPrefix, disabled }: FormFooterProps) {
  const { t } = useTranslation();
  return (
    <Space className="form-actions">
      <Button type="primary" htmlType="submit" loading={saving} disabled={disabled} data-testid={`${testIdPrefix}-submit`}>
        {submitLabel ?? t('common.save')}
      </Button>
      <Button onClick={onCancel} data-testid={`${testIdPrefix}-cancel`}>
        {t('common.cancel')}
      </Button>
    </Space>
  );
}
