import { isolate, isolatedQuantity } from '../../../app/format';

/*
 * How full a silo is, for the Warehouse tab's silo chart: the label above its bar and the free capacity stacked on its
 * quantity. A row is the server's `chartData` row (quantity and capacity as decimal strings in MT; no capacity for the
 * open area).
 */

interface SiloFigures {
  quantity: string;
  capacity: string | null;
}

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** Above a silo's bar, how full it is ('0.2%', '<0.1%' for a trace, over 100% if overfilled); the open area's quantity. */
export function fillLabel(row: SiloFigures): string {
  const quantity = Number(row.quantity);
  const capacity = Number(row.capacity ?? 0);
  if (!(capacity > 0)) return isolatedQuantity(quantity);
  const fill = quantity / capacity;
  return isolate(fill > 0 && fill < 0.001 ? '<0.1%' : percent.format(fill));
}

/** What a silo can still take, in MT: its capacity less its quantity, never below zero; none for the open area. */
export function freeCapacity(row: SiloFigures): number {
  if (row.capacity === null) return 0;
  return Math.max(0, Math.round((Number(row.capacity) - Number(row.quantity)) * 1000) / 1000);
}
