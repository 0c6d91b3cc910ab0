import { ReasonDialog, ReasonNotice } from '../transactions/ReasonDialog';

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

/** A refusal the caller has already reported: keeps the dialog open without a second message. */
class AlreadyReported extends Error {}

/**
 * The reason dialog for callers that answer true/false (documents, out-turn decisions, the port loading form):
 * the same ReasonDialog every transaction screen uses, with its notice as the extra part.
 */
export function ReasonModal({ onConfirm, notice, testIdPrefix, ...props }: ReasonModalProps) {
  return (
    <ReasonDialog
      {...props}
      testIdPrefix={testIdPrefix}
      extra={<ReasonNotice text={notice ?? null} testIdPrefix={testIdPrefix} />}
      onConfirm={async (reason) => {
        if (!(await onConfirm(reason))) throw new AlreadyReported();
      }}
    />
  );
}
