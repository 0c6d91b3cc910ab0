import type { FeatureRoute } from '../../app/feature-routes';

/** Pages of this feature under `/agencies/{agencyId}/` (spec section 2.3). */
export const vesselApprovalRoutes: readonly FeatureRoute[] = [];
