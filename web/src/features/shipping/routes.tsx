import { lazy } from 'react';
import type { FeatureRoute } from '../../app/feature-routes';

const ShippingListPage = lazy(() => import('./ShippingListPage'));

/** Pages of this feature under `/agencies/{agencyId}/` (spec section 2.3): `shipping`, with add and edit in a drawer. */
export const shippingRoutes: readonly FeatureRoute[] = [{ path: 'shipping', entry: 'shipping', page: <ShippingListPage /> }];
