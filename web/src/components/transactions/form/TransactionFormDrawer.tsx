import { useEffect, type ReactNode } from 'react';
import { Drawer } from 'antd';
import type { TransactionFormController } from './useTransactionForm';

export interface TransactionFormDrawerProps<Values> {
  open: boolean;
  title: ReactNode;
  controller: TransactionFormController<Values>;
  /** The values the form opens with (memoize them: a new object reloads the form). */
  values: Values | null;
  onClose: () => void;
  /** The drawer's `data-testid`. */
  testId: string;
  children: ReactNode;
}

/**
 * A transaction form in a drawer beside its list (sale orders, consignments, shipments): opens on `values`, and
 * closing it (×, Esc, the mask, Cancel) with unsaved changes asks first, as leaving a form page does.
 */
export function TransactionFormDrawer<Values>({ open, title, controller, values, onClose, testId, children }: TransactionFormDrawerProps<Values>) {
  const { load } = controller;
  useEffect(() => {
    if (open && values !== null) load(values);
  }, [open, values, load]);
  return (
    <Drawer open={open} onClose={() => controller.confirmDiscard(onClose)} title={title} size="large" destroyOnHidden data-testid={testId}>
      {children}
    </Drawer>
  );
}
