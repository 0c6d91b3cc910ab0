import { useQuery } from '@tanstack/react-query';
import { WAREHOUSE_DASHBOARD_CALLS, WAREHOUSE_DASHBOARD_EXCEL } from '@tonnage/contracts';
import { apiOrThrow, buildUrl, type Schema } from '../../../app/api';
import { dashboardKey } from '../../../app/dashboard-flags';

/** Every query of the Warehouse tab starts with this key, so the reload banner reloads them all. */
export const warehouseKey = dashboardKey('warehouse');

export type WarehouseCall = keyof typeof WAREHOUSE_DASHBOARD_CALLS;

/** A query string: the filters' values and a panel's ids, as strings. */
export type WarehouseQuery = Readonly<Record<string, string>>;

/** `GET /api/dashboard/warehouse/<call>?<query>`, checked against the call's contract (no cache: `usePagedTrucks` and `useWarehouseCall` hold the answers). */
export function fetchWarehouseCall<T>(call: WarehouseCall, query: WarehouseQuery, schema: Schema<T>): Promise<T> {
  return apiOrThrow(`/api/dashboard/warehouse/${WAREHOUSE_DASHBOARD_CALLS[call]}`, { schema, query });
}

/** `GET /api/dashboard/warehouse/<call>?<query>` under the tab's key, checked against the call's contract. */
export function useWarehouseCall<T>(call: WarehouseCall, query: WarehouseQuery, schema: Schema<T>) {
  return useQuery({
    queryKey: [...warehouseKey, call, query],
    queryFn: () => fetchWarehouseCall(call, query, schema),
  });
}

/** The address of an Excel export (spec 7): `/api/reports-excel/{agencyId}/<file>?<filters>&lang=en|ar`. */
export function warehouseExcelUrl(agencyId: number, file: keyof typeof WAREHOUSE_DASHBOARD_EXCEL, query: WarehouseQuery, lang: 'en' | 'ar'): string {
  return buildUrl(`/api/reports-excel/${agencyId}/${WAREHOUSE_DASHBOARD_EXCEL[file]}`, { ...query, lang });
}
