import type { ReactNode } from 'react';
import type { PermissionAction, TransactionDeclaration } from '@tonnage/contracts';
import type { FeatureRoute } from '../../../app/feature-routes';

export interface TransactionFormRouteOptions {
  /** The menu entry guarding the pages; the declaration's route by default. */
  entry?: string;
  /** The flag the edit page needs; 'edit' by default, null for view alone (approvers open it to decide). */
  editAction?: PermissionAction | null;
}

/**
 * The add and edit pages of a transaction with a form page: `<route>/add` (add flag) and `<route>/:id/edit`
 * (edit flag), under the declaration's menu entry; the page reads the record's id from `:id`.
 */
export function transactionFormRoutes(declaration: Pick<TransactionDeclaration, 'route'>, page: ReactNode, options: TransactionFormRouteOptions = {}): FeatureRoute[] {
  const entry = options.entry ?? declaration.route;
  const editAction = options.editAction === undefined ? 'edit' : options.editAction;
  return [
    { path: `${declaration.route}/add`, entry, action: 'add', page },
    { path: `${declaration.route}/:id/edit`, entry, ...(editAction === null ? {} : { action: editAction }), page },
  ];
}
