import { Button, Space, Tooltip } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { outboundFirstWeightTransaction, outboundSecondWeightTransaction, type TOutboundFirstWeight, type TOutboundSecondWeight } from '@tonnage/contracts';
import { useAgencyPath } from '../../app/navigation';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { ManualTag } from './FirstWeightFormPage';
import { reverseQuestion, slipAndTruck } from '../../components/cargo/reverse-question';

/** A weight in kg with its MANUAL tag. */
function Kg({ kg, manual, testId }: { kg: number; manual: boolean; testId: string }) {
  return (
    <Space size={4}>
      <bdi data-testid={testId}>{kg.toLocaleString('en')}</bdi>
      <ManualTag manual={manual} />
    </Space>
  );
}

/** The print action of a row (the kit's list adds edit and reverse, and the add button, by the declared permissions). */
function usePrintAction(route: string, prefix: 'ofw' | 'osw') {
  const { t } = useTranslation();
  const agencyPath = useAgencyPath();
  return (row: { id: number }) => (
    <Tooltip title={t('outboundWeighing.printTicket')}>
      <Link to={agencyPath(`${route}/${row.id}/ticket`)} aria-label={t('outboundWeighing.printTicket')} data-testid={`${prefix}-ticket`}>
        <Button type="text" icon={<PrinterOutlined />} />
      </Link>
    </Tooltip>
  );
}

/** `outbound-first-weight`: the declared list, weights with MANUAL, open or taken, add / print / edit / reverse. */
export function FirstWeightListPage() {
  const { t } = useTranslation();
  const rowActions = usePrintAction(outboundFirstWeightTransaction.route, 'ofw');
  return (
    <TransactionListPage
      declaration={outboundFirstWeightTransaction}
      renderers={{
        weight: (row: TOutboundFirstWeight) => <Kg kg={row.kg} manual={row.manual} testId="ofw-kg" />,
        state: (row: TOutboundFirstWeight) => t(row.closed ? 'outboundWeighing.states.closed' : 'outboundWeighing.states.open'),
      }}
      rowActions={rowActions}
      reverse={{ title: (row) => reverseQuestion(t, slipAndTruck(row.ticketNumber, row.truckPlate)) }}
    />
  );
}

/** `outbound-second-weight`: first, second (MANUAL marked) and net per row. */
export function SecondWeightListPage() {
  const { t } = useTranslation();
  const rowActions = usePrintAction(outboundSecondWeightTransaction.route, 'osw');
  return (
    <TransactionListPage
      declaration={outboundSecondWeightTransaction}
      renderers={{
        first: (row: TOutboundSecondWeight) => <Kg kg={row.firstKg} manual={row.firstManual} testId="osw-first-kg" />,
        weight: (row: TOutboundSecondWeight) => <Kg kg={row.kg} manual={row.manual} testId="osw-kg" />,
        net: (row: TOutboundSecondWeight) => (
          <bdi className="quantity" data-testid="osw-net">
            {t('outboundWeighing.kilograms', { value: row.netKg.toLocaleString('en') })}
          </bdi>
        ),
      }}
      rowActions={rowActions}
      reverse={{ title: (row) => reverseQuestion(t, slipAndTruck(row.ticketNumber, row.truckPlate)) }}
    />
  );
}

export default FirstWeightListPage;
