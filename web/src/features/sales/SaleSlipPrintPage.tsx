import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ZWarehouseTransferSlipView, consigneeToCustomerTransaction } from '@tonnage/contracts';
import { apiOrThrow } from '../../app/api';
import { useAgencyDateTime } from '../../app/agency-time';
import { parseId } from '../../app/guards';
import { SlipPrintLayout } from '../warehouse-dispatch/SlipPrintLayout';
import { transferSlipLines } from '../warehouse-transfer/TransferSlipPrintPage';

/**
 * `warehouse/consignee-to-customer/:id/slip`: the transfer slip of a sale delivered by truck, in English and Arabic
 * side by side (the warehouse slip's layout), its destination named as the customer's delivery location.
 */
export default function SaleSlipPrintPage() {
  const id = parseId(useParams().id);
  const view = useQuery({
    queryKey: [consigneeToCustomerTransaction.key, 'slip', id ?? 0],
    queryFn: () => apiOrThrow(`/api/warehouseConsigneeToCustomer/${id ?? 0}/slip`, { schema: ZWarehouseTransferSlipView }),
    enabled: id !== null,
  });
  const dateTime = useAgencyDateTime();
  const data = view.data;
  return (
    <SlipPrintLayout
      titleKey="warehouseTransfer.slipTitle"
      testPrefix="saleslip"
      agencyName={data?.agencyName}
      loading={view.isLoading}
      lines={data ? (tr) => transferSlipLines(data.slip, tr, dateTime).map(([label, value]) => (label === tr('warehouseTransfer.toWarehouse') ? [tr('sales.deliveryLocation'), value] : [label, value])) : null}
      pdfUrl={null}
    />
  );
}
