import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPortLoading } from '@tonnage/contracts';
import { reportFailure } from '../../app/api';
import { formatQuantity } from '../../app/format';
import { ReasonModal } from '../../components/cargo/ReasonModal';
import { reversePortLoading } from './port-loading-api';
import type { TFunction } from 'i18next';

type Counters = Pick<TPortLoading, 'trips' | 'inTransitQuantity'>;

/**
 * What the reversal of a port loading also reverses, from its own counters: its active slips (`trips`), all in
 * transit (a received slip stops the reversal on the server), and their quantity. Null when it has none.
 */
export function reversalNotice(t: TFunction, portLoading: Counters): string | null {
  if (portLoading.trips === 0) return null;
  const quantity = formatQuantity(portLoading.inTransitQuantity);
  return portLoading.trips === 1 ? t('portLoading.reverseAlsoOneSlip', { quantity }) : t('portLoading.reverseAlsoSlips', { number: portLoading.trips, quantity });
}

interface PortLoadingReverseModalProps {
  /** The port loading to reverse; null keeps the dialog closed. */
  portLoading: TPortLoading | null;
  onClose: () => void;
  /** After a successful reversal (the success message is already shown). */
  onReversed: () => Promise<void>;
}

/**
 * The reason dialog of a port loading's reversal. It says how many loading slips in transit go with it and sends
 * that number (`slips`), so the server refuses the reversal if the slips changed since the user read it.
 */
export function PortLoadingReverseModal({ portLoading, onClose, onReversed }: PortLoadingReverseModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <ReasonModal
      open={portLoading !== null}
      title={t('portLoading.reverseQuestion', { name: portLoading ? `${portLoading.vesselName} / ${portLoading.lcPoNumber}` : '' })}
      notice={portLoading ? reversalNotice(t, portLoading) : null}
      okText={t('cargo.reverse')}
      testIdPrefix="pl-reverse"
      onClose={onClose}
      onConfirm={async (reason) => {
        if (!portLoading) return false;
        const result = await reversePortLoading(portLoading.id, reason, portLoading.trips);
        if (!result.ok) {
          reportFailure(result.status, result.error);
          return false;
        }
        void message.success(t('portLoading.reversedOk'));
        await onReversed();
        return true;
      }}
    />
  );
}
