import { PartnerTab } from './PartnerTab';

/** The dashboard's Customer tab ('Customer Stats', spec 2.13): a customer's locations, trips in and in-quantity. */
export default function CustomerTab() {
  return <PartnerTab kind="customer" />;
}
