import { App } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { loadingSlipTransaction, portLoadingTransaction, type TPortLoading } from '@tonnage/contracts';
import { isolatedQuantity } from '../../app/format';
import { transactionKeys, useReverseTransaction } from '../../components/transactions/hooks';
import { ReasonDialog, ReasonNotice } from '../../components/transactions/ReasonDialog';

type Counters = Pick<TPortLoading, 'trips' | 'inTransitQuantity'>;

/**
 * What the reversal of a port loading also reverses, from its own counters: its active slips (`trips`), all in
 * transit (a received slip stops the reversal on the server), and their quantity. Null when it has none.
 */
export function reversalNotice(t: TFunction, portLoading: Counters): string | null {
  if (portLoading.trips === 0) return null;
  // Isolated, so an Arabic sentence keeps '67.340 MT' in its reading order.
  const quantity = isolatedQuantity(portLoading.inTransitQuantity);
  return portLoading.trips === 1 ? t('portLoading.reverseAlsoOneSlip', { quantity }) : t('portLoading.reverseAlsoSlips', { number: portLoading.trips, quantity });
}

interface PortLoadingReverseModalProps {
  /** The port loading to reverse; null keeps the dialog closed. */
  portLoading: TPortLoading | null;
  onClose: () => void;
  /** After a successful reversal (the success message is already shown, the port loadings refreshed). */
  onReversed: () => Promise<void>;
}

/**
 * The reason dialog of a port loading's reversal. Its extra part says how many loading slips in transit go with
 * it, and it sends that number (`slips`), so the server refuses the reversal if the slips changed since.
 */
export function PortLoadingReverseModal({ portLoading, onClose, onReversed }: PortLoadingReverseModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // Its slips in transit are reversed with it: the slip list changes too.
  const reverse = useReverseTransaction(portLoadingTransaction, [transactionKeys(loadingSlipTransaction).all]);
  return (
    <ReasonDialog
      open={portLoading !== null}
      title={t('portLoading.reverseQuestion', { name: portLoading ? `${portLoading.vesselName} / ${portLoading.lcPoNumber}` : '' })}
      extra={portLoading && <ReasonNotice text={reversalNotice(t, portLoading)} testIdPrefix="pl-reverse" />}
      okText={t('cargo.reverse')}
      testIdPrefix="pl-reverse"
      onClose={onClose}
      onConfirm={async (reason) => {
        if (!portLoading) return;
        await reverse.mutateAsync({ id: portLoading.id, reason, extra: { slips: portLoading.trips } });
        void message.success(t('portLoading.reversedOk'));
        await onReversed();
      }}
    />
  );
}
