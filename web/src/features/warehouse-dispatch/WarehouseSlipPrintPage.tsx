import { useParams } from 'react-router';
import type { TWarehouseOut } from '@tonnage/contracts';
import { useAgencyDateTime } from '../../app/agency-time';
import { parseId } from '../../app/guards';
import { SlipPrintLayout } from './SlipPrintLayout';
import { useWarehouseSlip, warehouseSlipPdfUrl } from './warehouse-dispatch-api';

/** The lines of the slip in one language (`t` fixed to it). */
export function warehouseSlipLines(slip: TWarehouseOut, t: (key: string) => string, dateTime: (value: string) => string): [string, string][] {
  return [
    [t('warehouseDispatch.slipNumber'), String(slip.slipNumber)],
    [t('warehouseDispatch.outAt'), dateTime(slip.outAt)],
    [t('warehouseDispatch.warehouse'), slip.warehouseName],
    [t('warehouseDispatch.silo'), slip.siloName ?? t('warehouseDispatch.openArea')],
    [t('warehouseDispatch.owner'), slip.ownerName],
    [t('warehouseDispatch.lcPo'), slip.lcPoNumber],
    [t('warehouseDispatch.destination'), slip.toLocationName],
    [t('warehouseDispatch.transporter'), slip.transporterName ?? ''],
    [t('warehouseDispatch.truck'), slip.truckPlate],
    [t('warehouseDispatch.driver'), slip.driverName],
    [t('warehouseDispatch.ticketNumber'), slip.ticketNumber],
    [t('warehouseDispatch.net'), `${slip.quantity} MT`],
  ];
}

/** `warehouseLoadingSlips/:id/print`: the slip in English and Arabic side by side, printable, and its PDF. */
export default function WarehouseSlipPrintPage() {
  const id = parseId(useParams().id);
  const slip = useWarehouseSlip(id);
  const dateTime = useAgencyDateTime();
  const data = slip.data;
  return (
    <SlipPrintLayout
      titleKey="warehouseDispatch.slipTitle"
      testPrefix="wslip"
      agencyName={data?.agencyName}
      loading={slip.isLoading}
      lines={data ? (tr) => warehouseSlipLines(data.slip, tr, dateTime) : null}
      pdfUrl={id === null ? null : warehouseSlipPdfUrl(id)}
    />
  );
}
