import { useParams } from 'react-router';
import type { TConsigneeOut } from '@tonnage/contracts';
import { useAgencyDateTime } from '../../app/agency-time';
import { parseId } from '../../app/guards';
import { SlipPrintLayout } from '../warehouse-dispatch/SlipPrintLayout';
import { consigneeSlipPdfUrl, useConsigneeSlip } from './consignee-dispatch-api';

/** The lines of the consignee loading slip in one language (`t` fixed to it). */
export function consigneeSlipLines(slip: TConsigneeOut, t: (key: string) => string, dateTime: (value: string) => string): [string, string][] {
  return [
    [t('consigneeDispatch.slipNumber'), String(slip.slipNumber)],
    [t('consigneeDispatch.outAt'), dateTime(slip.outAt)],
    [t('consigneeDispatch.location'), slip.locationName],
    [t('warehouseDispatch.owner'), slip.ownerName],
    [t('consigneeDispatch.lcPo'), slip.lcPoNumber],
    [t('consigneeDispatch.customerLocation'), slip.toLocationName],
    [t('warehouseDispatch.transporter'), slip.transporterName ?? ''],
    [t('consigneeDispatch.truck'), slip.truckPlate],
    [t('warehouseDispatch.driver'), slip.driverName],
    [t('consigneeDispatch.wbtNumber'), slip.wbtNumber],
    [t('cargo.quantityMt'), slip.quantity],
  ];
}

/** `consigneeLoadingSlips/:id/print`: the slip in English and Arabic side by side (the warehouse slip's layout), and its PDF. */
export default function ConsigneeSlipPrintPage() {
  const id = parseId(useParams().id);
  const slip = useConsigneeSlip(id);
  const dateTime = useAgencyDateTime();
  const data = slip.data;
  return (
    <SlipPrintLayout
      titleKey="consigneeDispatch.slipTitle"
      testPrefix="cslip"
      agencyName={data?.agencyName}
      loading={slip.isLoading}
      lines={data ? (tr) => consigneeSlipLines(data.slip, tr, dateTime) : null}
      pdfUrl={id === null ? null : consigneeSlipPdfUrl(id)}
    />
  );
}
