import type { ReactNode } from 'react';
import type { PermissionAction } from '@tonnage/contracts';

/**
 * A page of a feature under `/agencies/{agencyId}/`: shown when the user holds the view permission of its menu
 * entry (`entry`, a key of the contracts' menu) and, for add and edit pages, the module's flag of `action`.
 */
export interface FeatureRoute {
  path: string;
  entry: string;
  action?: PermissionAction;
  page: ReactNode;
}
