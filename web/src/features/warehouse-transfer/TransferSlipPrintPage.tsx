import { useParams } from 'react-router';
import type { TWarehouseTransfer } from '@tonnage/contracts';
import { useAgencyDateTime } from '../../app/agency-time';
import { parseId } from '../../app/guards';
import { SlipPrintLayout } from '../warehouse-dispatch/SlipPrintLayout';
import { transferSlipPdfUrl, useTransferSlip } from './warehouse-transfer-api';

/** The lines of the transfer slip in one language (`t` fixed to it). */
export function transferSlipLines(slip: TWarehouseTransfer, t: (key: string) => string, dateTime: (value: string) => string): [string, string][] {
  return [
    [t('warehouseTransfer.slipNumber'), String(slip.slipNumber)],
    [t('warehouseTransfer.transferAt'), dateTime(slip.transferAt)],
    [t('warehouseTransfer.fromWarehouse'), slip.fromWarehouseName],
    [t('warehouseDispatch.silo'), slip.siloName ?? t('warehouseDispatch.openArea')],
    [t('warehouseTransfer.owner'), slip.ownerName],
    [t('warehouseTransfer.lcPo'), slip.lcPoNumber],
    [t('warehouseTransfer.toWarehouse'), slip.toLocationName],
    [t('warehouseDispatch.transporter'), slip.transporterName ?? ''],
    [t('warehouseTransfer.truck'), slip.truckPlate],
    [t('warehouseDispatch.driver'), slip.driverName],
    [t('warehouseTransfer.wbtNumber'), slip.wbtNumber],
    [t('cargo.quantityMt'), slip.quantity],
  ];
}

/** `warehouseTransfer/:id/print`: the transfer slip in English and Arabic side by side (the warehouse slip's layout), and its PDF. */
export default function TransferSlipPrintPage() {
  const id = parseId(useParams().id);
  const slip = useTransferSlip(id);
  const dateTime = useAgencyDateTime();
  const data = slip.data;
  return (
    <SlipPrintLayout
      titleKey="warehouseTransfer.slipTitle"
      testPrefix="tslip"
      agencyName={data?.agencyName}
      loading={slip.isLoading}
      lines={data ? (tr) => transferSlipLines(data.slip, tr, dateTime) : null}
      pdfUrl={id === null ? null : transferSlipPdfUrl(id)}
    />
  );
}
