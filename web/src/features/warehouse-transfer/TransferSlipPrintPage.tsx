import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ZWarehouseTransferSlipView, transferSlipPdfPath, transferSlipViewPath, type TransferSlipRecordDeclaration, type TWarehouseTransfer, type TWarehouseTransferSlipView } from '@tonnage/contracts';
import { apiOrThrow } from '../../app/api';
import { useAgencyDateTime } from '../../app/agency-time';
import { parseId } from '../../app/guards';
import { SlipPrintLayout } from '../warehouse-dispatch/SlipPrintLayout';

/**
 * The lines of the transfer slip in one language (`t` fixed to it). A slip of another flow than the Warehouse
 * Transfer (`view.source`) says "From" / "To" (a consignee's or customer's place may be either end) and names the
 * owner on arrival when it differs.
 */
export function transferSlipLines(slip: TWarehouseTransfer, t: (key: string) => string, dateTime: (value: string) => string, view?: Pick<TWarehouseTransferSlipView, 'source' | 'toOwnerName'>): [string, string][] {
  const betweenWarehouses = view === undefined || view.source === 'warehouseTransfer';
  const newOwner: [string, string][] = view !== undefined && view.toOwnerName !== '' && slip.toOwnerCompanyId !== slip.ownerCompanyId ? [[t('warehouseTransfer.newOwner'), view.toOwnerName]] : [];
  return [
    [t('warehouseTransfer.slipNumber'), String(slip.slipNumber)],
    [t('warehouseTransfer.transferAt'), dateTime(slip.transferAt)],
    [t(betweenWarehouses ? 'warehouseTransfer.fromWarehouse' : 'warehouseTransfer.fromPlace'), slip.fromWarehouseName],
    [t('warehouseDispatch.silo'), slip.siloName ?? t('warehouseDispatch.openArea')],
    [t('warehouseTransfer.owner'), slip.ownerName],
    ...newOwner,
    [t('warehouseTransfer.lcPo'), slip.lcPoNumber],
    [t(betweenWarehouses ? 'warehouseTransfer.toWarehouse' : 'warehouseTransfer.toPlace'), slip.toLocationName],
    [t('warehouseDispatch.transporter'), slip.transporterName ?? ''],
    [t('warehouseTransfer.truck'), slip.truckPlate],
    [t('warehouseDispatch.driver'), slip.driverName],
    [t('warehouseTransfer.wbtNumber'), slip.wbtNumber],
    [t('cargo.quantityMt'), slip.quantity],
  ];
}

/**
 * `<screen>/:id/slip` (and the Warehouse Transfer's `warehouseTransfer/:id/print`): the transfer slip of a record of
 * the screen that travelled on one, in English and Arabic side by side (the warehouse slip's layout), and its PDF.
 * The server answers with the screen's view permission and data scope (contracts' TRANSFER_SLIP_RECORDS).
 */
export default function TransferSlipPrintPage({ declaration }: { declaration: TransferSlipRecordDeclaration }) {
  const id = parseId(useParams().id);
  const view = useQuery({
    queryKey: [declaration.key, 'slip', id ?? 0],
    queryFn: () => apiOrThrow(transferSlipViewPath(declaration, id ?? 0), { schema: ZWarehouseTransferSlipView }),
    enabled: id !== null,
  });
  const dateTime = useAgencyDateTime();
  const data = view.data;
  return (
    <SlipPrintLayout
      titleKey="warehouseTransfer.slipTitle"
      testPrefix="tslip"
      agencyName={data?.agencyName}
      loading={view.isLoading}
      lines={data ? (tr) => transferSlipLines(data.slip, tr, dateTime, data) : null}
      pdfUrl={id === null ? null : transferSlipPdfPath(declaration, id)}
    />
  );
}
