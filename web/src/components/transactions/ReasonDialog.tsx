import { useState, type ReactNode } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Messages } from '@tonnage/contracts';
import { ApiFailure, isSilentFailure } from '../../app/api';
import { describeApiError, translateMessage } from '../../app/i18n';

export interface ReasonDialogProps {
  open: boolean;
  /** The question, e.g. 'Reverse loading slip 12?'. */
  title: string;
  /** The confirm button's text. */
  okText: string;
  /**
   * Called with the trimmed reason. Resolving closes the dialog; rejecting keeps it open with the reason typed,
   * and an ApiFailure's message is shown in the dialog ('Refresh Browser' never is).
   */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
  /** Test ids `<prefix>-reason`, `<prefix>-ok`, `<prefix>-error`. */
  testIdPrefix: string;
  /** What else the reversal does or needs, shown above the reason (e.g. the slips it reverses too). */
  extra?: ReactNode;
}

/** The text of a refusal to show in the dialog, or null (not a server answer, or one never shown). */
function refusalText(error: unknown): string | null {
  if (!(error instanceof ApiFailure) || isSilentFailure(error.error)) return null;
  return describeApiError(error.error);
}

/**
 * The one reason dialog of the transaction screens (spec section 5: 'Reason is Required!'): before a record is
 * reversed or a document deleted. Submit is disabled while the call is pending; a refusal stays in the dialog.
 */
export function ReasonDialog({ open, title, okText, onConfirm, onClose, testIdPrefix, extra }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const close = () => {
    form.resetFields();
    setRefusal(null);
    onClose();
  };

  const submit = async () => {
    const { reason } = await form.validateFields();
    setPending(true);
    setRefusal(null);
    try {
      await onConfirm(reason.trim());
      close();
    } catch (error) {
      setRefusal(refusalText(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: pending, 'data-testid': `${testIdPrefix}-ok` }}
      cancelButtonProps={{ disabled: pending }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        if (!pending) close();
      }}
      destroyOnHidden
    >
      {extra}
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBlockEnd: 16 }} data-testid={`${testIdPrefix}-error`} />}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t('cargo.reason')}
          rules={[{ required: true, whitespace: true, message: translateMessage(Messages.reasonRequired) }, { max: 500, message: translateMessage('Maximum 500 characters') }]}
        >
          <Input.TextArea rows={3} maxLength={500} data-testid={`${testIdPrefix}-reason`} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The warning above the reason that says what else the reversal does (test id `<prefix>-notice`). */
export function ReasonNotice({ text, testIdPrefix }: { text: string | null; testIdPrefix: string }) {
  if (!text) return null;
  return <Alert type="warning" showIcon title={text} style={{ marginBlockEnd: 16 }} data-testid={`${testIdPrefix}-notice`} />;
}
