import { PartnerTab } from './PartnerTab';

/** The dashboard's Consignee tab ('Consignee Stats', spec 2.13): a consignee's (or an SM's) locations, trips and quantities. */
export default function ConsigneeTab() {
  return <PartnerTab kind="consignee" />;
}
