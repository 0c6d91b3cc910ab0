import type { HTMLAttributes, ReactNode } from 'react';
import { formatQuantity } from '../app/format';

/**
 * A quantity as spec section 9 writes it ('1,234.500 MT') in an isolate of its own (`<bdi>`), so it reads the same in a
 * right-to-left screen: without it, the bidi algorithm shows 'MT 1,234.500' in an Arabic cell. Other attributes
 * (`data-*`, `className`) go on the element.
 */
export function QuantityText({ value, unit, className, ...rest }: { value: number | string | null | undefined; unit?: string } & HTMLAttributes<HTMLElement>) {
  return (
    <bdi className={className ? `quantity ${className}` : 'quantity'} {...rest}>
      {formatQuantity(value, unit)}
    </bdi>
  );
}

/** An antd `Statistic`'s `valueRender` for a quantity value: the value in a `<bdi>`, as `QuantityText` does. */
export const isolatedStatisticValue = (node: ReactNode) => <bdi>{node}</bdi>;
