import { Button, Tag, Tooltip } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { consigneeLoadingSlipTransaction, consigneeOutTransaction, type TConsigneeOut } from '@tonnage/contracts';
import { useAgencyPath } from '../../app/navigation';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { reverseQuestion, slipAndTruck } from '../../components/cargo/reverse-question';

/** The received cell and the print action shared by the Consignee Out list and the consignee loading slips. */
function useOutList() {
  const { t } = useTranslation();
  const agencyPath = useAgencyPath();
  return {
    renderers: {
      received: (row: TConsigneeOut) => <Tag color={row.received ? 'green' : 'gold'}>{t(row.received ? 'consigneeDispatch.receivedStates.delivered' : 'consigneeDispatch.receivedStates.inTransit')}</Tag>,
    },
    rowActions: (row: TConsigneeOut) => (
      <Tooltip title={t('warehouseDispatch.print')}>
        <Link to={agencyPath(`consigneeLoadingSlips/${row.id}/print`)} aria-label={t('warehouseDispatch.print')} data-testid="co-print">
          <Button type="text" icon={<PrinterOutlined />} />
        </Link>
      </Tooltip>
    ),
  };
}

/** `consignee-out`. */
export function ConsigneeOutListPage() {
  const { t } = useTranslation();
  const list = useOutList();
  return <TransactionListPage declaration={consigneeOutTransaction} {...list} reverse={{ title: (row) => reverseQuestion(t, slipAndTruck(row.slipNumber, row.truckPlate)) }} />;
}

/** `consigneeLoadingSlips`: the slips, printable; no add, edit or reversal here. */
export function ConsigneeSlipListPage() {
  const list = useOutList();
  return <TransactionListPage declaration={consigneeLoadingSlipTransaction} {...list} hideEdit />;
}
