import { voyageApprovalTransaction } from '@tonnage/contracts';
import { useTranslation } from 'react-i18next';
import { entryPermission, useCan } from '../../app/guards';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { DifferenceText, NextApprover, OpenOutturnAction, ReverseOutturnAction, StatusTag, voyageLabel } from './OutturnParts';
import { reverseVoyageApproval } from './vessel-approval-api';

const ENTRY = 'vesselQuantityApproval/vessel';

/** `vesselQuantityApproval/vessel`: the declared list of each voyage's out-turn against its BL total, with its approval. */
export default function VoyageApprovalListPage() {
  const { t } = useTranslation();
  const canReverse = useCan(entryPermission(ENTRY, 'reverse'));
  return (
    <TransactionListPage
      declaration={voyageApprovalTransaction}
      renderers={{
        voyage: (row) => <span data-testid="voyage-approval-voyage">{voyageLabel(row)}</span>,
        difference: (row) => <DifferenceText difference={row.difference} testId="voyage-approval-difference" />,
        status: (row) => <StatusTag status={row.status} testId="voyage-approval-status" />,
        next: (row) => <NextApprover state={row.approval} testId="voyage-approval-next" />,
      }}
      // An out-turn is opened in every status (read-only once approved) and reversed only when approved.
      hideEdit
      rowActions={(row) => (
        <>
          <OpenOutturnAction to={`${ENTRY}/${row.id}/edit`} testId="voyage-approval-open" />
          {canReverse && <ReverseOutturnAction row={row} reverse={reverseVoyageApproval} note={t('vesselApproval.reverseVoyageNote')} testIdPrefix="voyage-approval" />}
        </>
      )}
    />
  );
}
