import { quantityApprovalTransaction } from '@tonnage/contracts';
import { useTranslation } from 'react-i18next';
import { entryPermission, useCan } from '../../app/guards';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { DifferenceText, NextApprover, OpenOutturnAction, ReverseOutturnAction, StatusTag, voyageLabel } from './OutturnParts';
import { reverseQuantityApproval } from './vessel-approval-api';

const ENTRY = 'vesselQuantityApproval/quantityApproval';

/** `vesselQuantityApproval/quantityApproval`: the declared list of each BL's out-turn (excess or shortage), with its approval. */
export default function QuantityApprovalListPage() {
  const { t } = useTranslation();
  const canReverse = useCan(entryPermission(ENTRY, 'reverse'));
  return (
    <TransactionListPage
      declaration={quantityApprovalTransaction}
      renderers={{
        bl: (row) => <span data-testid="quantity-approval-bl">{row.blNumber}</span>,
        voyage: (row) => voyageLabel(row),
        difference: (row) => <DifferenceText difference={row.difference} testId="quantity-approval-difference" />,
        status: (row) => <StatusTag status={row.status} testId="quantity-approval-status" />,
        next: (row) => <NextApprover state={row.approval} testId="quantity-approval-next" />,
      }}
      // An out-turn is opened in every status (read-only once approved) and reversed only when approved.
      hideEdit
      rowActions={(row) => (
        <>
          <OpenOutturnAction to={`${ENTRY}/${row.id}/edit`} testId="quantity-approval-open" />
          {canReverse && <ReverseOutturnAction row={row} reverse={reverseQuantityApproval} note={t('vesselApproval.reverseBlNote')} testIdPrefix="quantity-approval" />}
        </>
      )}
    />
  );
}
