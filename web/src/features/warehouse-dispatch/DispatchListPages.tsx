import { Button, Select, Tag, Tooltip } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ENTRY_TYPES, WAREHOUSE_OUT_FLAGS, warehouseLoadingSlipTransaction, warehouseOutTransaction, warehousePreOutTransaction, type TWarehouseOut, type TWarehousePreOut } from '@tonnage/contracts';
import { useCan } from '../../app/guards';
import { useAgencyPath } from '../../app/navigation';
import { ReferenceSelect } from '../../components/resources/ReferenceSelect';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { CorrectAction } from '../corrections/CorrectionPages';
import { isolate } from '../../app/format';
import { reverseQuestion, slipAndTruck, withQuantity } from '../../components/cargo/reverse-question';

/** `warehouse-pre-out`: silo or open area, open or delivered. */
export function PreOutListPage() {
  const { t } = useTranslation();
  return (
    <TransactionListPage
      declaration={warehousePreOutTransaction}
      renderers={{
        silo: (row: TWarehousePreOut) => row.siloName ?? t('warehouseDispatch.openArea'),
        delivered: (row: TWarehousePreOut) => <Tag color={row.warehouseOutId === null ? 'blue' : 'green'}>{t(row.warehouseOutId === null ? 'warehouseDispatch.preOutStates.open' : 'warehouseDispatch.preOutStates.delivered')}</Tag>,
      }}
      reverse={{ title: (row) => reverseQuestion(t, withQuantity(isolate(row.truckPlate), row.quantity)) }}
    />
  );
}

/** The cells, print action and flag-gated filters shared by the Warehouse Out list and the loading slips. */
function useOutList() {
  const { t } = useTranslation();
  const agencyPath = useAgencyPath();
  const canEntryType = useCan(WAREHOUSE_OUT_FLAGS.entryType);
  const canTransporter = useCan(WAREHOUSE_OUT_FLAGS.transporter);
  return {
    renderers: {
      entryType: (row: TWarehouseOut) => (row.entryType === null ? '' : <Tag color={row.entryType === 'manual' ? 'orange' : 'default'}>{t(`warehouseDispatch.entryTypes.${row.entryType}`)}</Tag>),
      received: (row: TWarehouseOut) => <Tag color={row.received ? 'green' : 'gold'}>{t(row.received ? 'warehouseDispatch.receivedStates.delivered' : 'warehouseDispatch.receivedStates.inTransit')}</Tag>,
    },
    rowActions: (row: TWarehouseOut) => (
      <Tooltip title={t('warehouseDispatch.print')}>
        <Link to={agencyPath(`warehouseLoadingSlips/${row.id}/print`)} aria-label={t('warehouseDispatch.print')} data-testid="wo-print">
          <Button type="text" icon={<PrinterOutlined />} />
        </Link>
      </Tooltip>
    ),
    filterControls: {
      entryType: (value: string | undefined, set: (value: string | number | undefined) => void) =>
        canEntryType ? (
          <Select allowClear style={{ minWidth: 140 }} placeholder={t('warehouseDispatch.entryType')} value={value} onChange={(next) => set(next)} options={ENTRY_TYPES.map((type) => ({ value: type, label: t(`warehouseDispatch.entryTypes.${type}`) }))} data-testid="wo-filter-entry-type" />
        ) : null,
      transporterId: (value: string | undefined, set: (value: string | number | undefined) => void) =>
        canTransporter ? <ReferenceSelect resourceKey="transporter" allowClear placeholder={t('warehouseDispatch.transporter')} value={value === undefined ? undefined : Number(value)} onChange={(next) => set(typeof next === 'number' ? next : undefined)} data-testid="wo-filter-transporter" /> : null,
    },
  };
}

/** `warehouse-out`. */
export function WarehouseOutListPage() {
  const { t } = useTranslation();
  const list = useOutList();
  return (
    <TransactionListPage
      declaration={warehouseOutTransaction}
      {...list}
      rowActions={(row: TWarehouseOut) => (
        <>
          {list.rowActions(row)}
          <CorrectAction kind="warehouseOut" id={row.id} allowed={row.status === 'Active' && !row.received} />
        </>
      )}
      reverse={{ title: (row) => reverseQuestion(t, slipAndTruck(row.slipNumber, row.truckPlate)) }}
    />
  );
}

/** `warehouseLoadingSlips`: the slips, printable; no add, edit or reversal here. */
export function WarehouseSlipListPage() {
  const list = useOutList();
  return <TransactionListPage declaration={warehouseLoadingSlipTransaction} {...list} hideEdit />;
}
