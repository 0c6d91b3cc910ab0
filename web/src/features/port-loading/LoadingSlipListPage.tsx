import { Button, Tag, Tooltip, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadingSlipTransaction } from '@tonnage/contracts';
import { isolatedQuantity } from '../../app/format';
import { useAgencyPath } from '../../app/navigation';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';

/** `loadingSlips`: the declared list of every truck trip, with the filter's total quantity and a print link per slip. */
export default function LoadingSlipListPage() {
  const { t } = useTranslation();
  const agencyPath = useAgencyPath();
  return (
    <TransactionListPage
      declaration={loadingSlipTransaction}
      // A slip is edited and reversed on its port loading, not from this list.
      hideEdit
      renderers={{
        vesselVoyage: (row) => `${row.vesselName} / ${row.voyageNumber}`,
        transporter: (row) => (row.transporterKind === 'self' ? t('portLoading.kinds.self') : (row.transporterName ?? '')),
        status: (row) => <Tag>{row.status === 'Active' ? (row.received ? t('portLoading.delivered') : t('portLoading.inTransitTag')) : t('cargo.reversed')}</Tag>,
      }}
      rowActions={(row) => (
        <Tooltip title={t('cargo.print')}>
          <Link to={agencyPath(`loadingSlips/${row.id}/print`)} aria-label={t('cargo.print')} data-testid="slips-print">
            <Button type="text" icon={<PrinterOutlined />} />
          </Link>
        </Tooltip>
      )}
      summary={(list) =>
        list && (
          <Typography.Paragraph strong data-testid="slips-total">
            {t('portLoading.totalQuantity', { quantity: isolatedQuantity(list.totalQuantity) })}
          </Typography.Paragraph>
        )
      }
    />
  );
}
