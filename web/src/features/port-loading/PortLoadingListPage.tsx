import { useTranslation } from 'react-i18next';
import { portLoadingTransaction } from '@tonnage/contracts';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { PortLoadingReverseModal } from './PortLoadingReverseModal';

/** `portLoading`: the declared list, with its vessel/voyage, type and transporter cells and its slip-aware reversal. */
export default function PortLoadingListPage() {
  const { t } = useTranslation();
  return (
    <TransactionListPage
      declaration={portLoadingTransaction}
      renderers={{
        vesselVoyage: (row) => `${row.vesselName} / ${row.voyageNumber}`,
        type: (row) => t(`portLoading.types.${row.transportationType}`),
        transporter: (row) => (row.transporterKind === 'self' ? t('portLoading.kinds.self') : (row.transporterName ?? row.thirdPartyName ?? '')),
      }}
      reverseDialog={(row, close) => <PortLoadingReverseModal portLoading={row} onClose={close} onReversed={() => Promise.resolve()} />}
    />
  );
}
