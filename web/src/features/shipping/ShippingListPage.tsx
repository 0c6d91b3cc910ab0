import { useState } from 'react';
import { Card, Space, Statistic } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { shipmentTransaction, vesselVoyageLabel, ZShipmentTotal } from '@tonnage/contracts';
import { apiOrThrow, type Query } from '../../app/api';
import { formatDate, formatQuantity } from '../../app/format';
import { isolatedStatisticValue, QuantityText } from '../../components/QuantityText';
import { ConsigneePicker } from '../../components/pickers';
import { transactionKeys } from '../../components/transactions/hooks';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { ConsignmentSelect } from './ConsignmentSelect';
import { ShipmentDrawer } from './ShipmentDrawer';

const idOf = (text: string | undefined): number | undefined => (text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined);

/** `GET /api/shipments/total-quantity` for the list's filters (without its page): total BL MT and count, '—' when it fails. */
function ShippingTotals({ query }: { query: Readonly<Record<string, unknown>> }) {
  const { t } = useTranslation();
  const { page: _page, limit: _limit, ...rest } = query;
  const filters = rest as Query;
  const total = useQuery({
    queryKey: [...transactionKeys(shipmentTransaction).all, 'total', filters],
    queryFn: ({ signal }) => apiOrThrow('/api/shipments/total-quantity', { schema: ZShipmentTotal, signal, query: filters }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card size="small" className="list-summary" data-testid="shipping-summary">
      <Space size="large" wrap>
        <Statistic title={t('shipping.totalQuantity')} value={total.isError ? '—' : formatQuantity(total.data?.totalQuantity ?? '0')} valueRender={isolatedStatisticValue} data-testid="shipping-total-quantity" />
        <Statistic title={t('shipping.shipmentsCount')} value={total.isError ? '—' : (total.data?.count ?? 0)} data-testid="shipping-total-count" />
      </Space>
    </Card>
  );
}

/** `shipping`: the declared list of shipments with the total BL quantity; add and edit in a drawer; reversal. */
export default function ShippingListPage() {
  const { t } = useTranslation();
  const [drawer, setDrawer] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });

  return (
    <TransactionListPage
      declaration={shipmentTransaction}
      renderers={{
        vesselVoyage: (row) => <span data-testid="shipment-vessel-voyage">{vesselVoyageLabel(row.voyage)}</span>,
        port: (row) => [row.voyage.portName, row.voyage.berthName].filter(Boolean).join(' / '),
        arrivalDate: (row) => formatDate(row.voyage.arrivalDate),
        lcPo: (row) => row.Consignment.LC.LCPONumber,
        ref: (row) => row.Consignment.RefLC.refNumber ?? '',
        onBoard: (row) => (
          <QuantityText data-testid="shipment-on-board" value={row.onBoardQuantity} />
        ),
      }}
      filterControls={{
        consignmentId: (value, set) => <ConsignmentSelect value={idOf(value)} onChange={set} className="list-filter" aria-label={t('shipping.consignment')} data-testid="shipping-filter-consignment" />,
        blConsigneeId: (value, set) => (
          <ConsigneePicker
            mode="consignee"
            value={idOf(value) ?? null}
            onChange={(picked) => set(typeof picked === 'number' ? picked : undefined)}
            className="list-filter"
            aria-label={t('shipping.consignee')}
            data-testid="shipping-filter-consignee"
          />
        ),
      }}
      summary={(_list, query) => <ShippingTotals query={query} />}
      onAdd={() => setDrawer({ open: true, id: null })}
      onEdit={(row) => setDrawer({ open: true, id: row.id })}
      reverse={{ title: (row) => t('shipping.reverseTitle', { bl: row.blNumber }), success: t('shipping.reversedDone') }}
    >
      <ShipmentDrawer open={drawer.open} shipmentId={drawer.id} onClose={() => setDrawer({ open: false, id: null })} />
    </TransactionListPage>
  );
}
