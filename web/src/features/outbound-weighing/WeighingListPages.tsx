import { Button, Space, Tooltip } from 'antd';
import { EditOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { outboundFirstWeightTransaction, outboundSecondWeightTransaction, type TOutboundFirstWeight, type TOutboundSecondWeight } from '@tonnage/contracts';
import { entryPermission, useCan } from '../../app/guards';
import { useAgencyPath } from '../../app/navigation';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { ManualTag } from './FirstWeightFormPage';

/** A weight in kg with its MANUAL tag. */
function Kg({ kg, manual, testId }: { kg: number; manual: boolean; testId: string }) {
  return (
    <Space size={4}>
      <bdi data-testid={testId}>{kg.toLocaleString('en')}</bdi>
      <ManualTag manual={manual} />
    </Space>
  );
}

/** The add button (the capture goes through its own route, so the page adds it) and the edit and print row actions. */
function useWeighingActions(route: string, kind: 'first' | 'second') {
  const { t } = useTranslation();
  const agencyPath = useAgencyPath();
  const canAdd = useCan(entryPermission(route, 'add'));
  const canEdit = useCan(entryPermission(route, 'edit'));
  const prefix = kind === 'first' ? 'ofw' : 'osw';
  const add = canAdd ? (
    <Link to={agencyPath(`${route}/add`)}>
      <Button type="primary" icon={<PlusOutlined />} data-testid={`${prefix}-add`}>
        {t(kind === 'first' ? 'outboundWeighing.firstAdd' : 'outboundWeighing.secondAdd')}
      </Button>
    </Link>
  ) : null;
  const rowActions = (row: { id: number; status: string }) => (
    <>
      <Tooltip title={t('outboundWeighing.printTicket')}>
        <Link to={agencyPath(`${route}/${row.id}/ticket`)} aria-label={t('outboundWeighing.printTicket')} data-testid={`${prefix}-ticket`}>
          <Button type="text" icon={<PrinterOutlined />} />
        </Link>
      </Tooltip>
      {canEdit && row.status === 'Active' && (
        <Tooltip title={t('cargo.edit')}>
          <Link to={agencyPath(`${route}/${row.id}/edit`)} aria-label={t('cargo.edit')} data-testid={`${prefix}-edit`}>
            <Button type="text" icon={<EditOutlined />} />
          </Link>
        </Tooltip>
      )}
    </>
  );
  return { add, rowActions };
}

/** `outbound-first-weight`: the declared list, weights with MANUAL, open or taken, add / edit / print / reverse. */
export function FirstWeightListPage() {
  const { t } = useTranslation();
  const { add, rowActions } = useWeighingActions(outboundFirstWeightTransaction.route, 'first');
  return (
    <TransactionListPage
      declaration={outboundFirstWeightTransaction}
      headerActions={add}
      renderers={{
        weight: (row: TOutboundFirstWeight) => <Kg kg={row.kg} manual={row.manual} testId="ofw-kg" />,
        state: (row: TOutboundFirstWeight) => t(row.closed ? 'outboundWeighing.states.closed' : 'outboundWeighing.states.open'),
      }}
      rowActions={rowActions}
      reverse={{ title: (row) => `${t('cargo.reverse')} #${row.ticketNumber} (${row.truckPlate})?` }}
    />
  );
}

/** `outbound-second-weight`: first, second (MANUAL marked) and net per row. */
export function SecondWeightListPage() {
  const { t } = useTranslation();
  const { add, rowActions } = useWeighingActions(outboundSecondWeightTransaction.route, 'second');
  return (
    <TransactionListPage
      declaration={outboundSecondWeightTransaction}
      headerActions={add}
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
      reverse={{ title: (row) => `${t('cargo.reverse')} #${row.ticketNumber} (${row.truckPlate})?` }}
    />
  );
}

export default FirstWeightListPage;
