import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Messages } from '@tonnage/contracts';
import { translateMessage } from '../../app/i18n';

export interface ReasonModalProps {
  open: boolean;
  /** The question, e.g. 'Reverse loading slip 12?'. */
  title: string;
  /** The confirm button's text. */
  okText: string;
  /**
   * Called with the trimmed reason; resolves true when done (the modal closes), false to keep it open (the
   * server refused; its message was already shown). The reason typed is kept until the modal closes.
   */
  onConfirm: (reason: string) => Promise<boolean>;
  onClose: () => void;
  /** Test ids `<prefix>-reason`, `<prefix>-ok` (and `<prefix>-notice`). */
  testIdPrefix: string;
  /** What else the reversal does, shown as a warning above the reason (e.g. the slips it reverses too). */
  notice?: string | null;
}

/**
 * Asks for the reason of a reversal or a deletion (spec section 5: 'Reason is Required!'), the one dialog every
 * transaction screen uses before reversing a record or deleting a document.
 */
export function ReasonModal({ open, title, okText, onConfirm, onClose, testIdPrefix, notice }: ReasonModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      if (await onConfirm(reason.trim())) {
        form.resetFields();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: busy, 'data-testid': `${testIdPrefix}-ok` }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      {notice && <Alert type="warning" showIcon title={notice} style={{ marginBlockEnd: 16 }} data-testid={`${testIdPrefix}-notice`} />}
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
