import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { kgToTonnes, tonnesToKg, type TVoyageShipment } from '@tonnage/contracts';
import { api, type Schema } from '../../app/api';
import { isolatedQuantity } from '../../app/format';

/** A row the selects read: an id and a name. */
interface Named {
  id: number;
  label: string;
}

/** A schema of `{rows: [...]}` keeping the rows that `pick` can name. */
function rowsSchema(pick: (row: Record<string, unknown>) => Named | null): Schema<Named[]> {
  return {
    safeParse(data: unknown) {
      const rows = data && typeof data === 'object' ? (data as { rows?: unknown }).rows : undefined;
      if (!Array.isArray(rows)) return { success: false, error: { issues: [{ message: 'Expected rows', path: ['rows'] }] } };
      const named = rows.flatMap((row: unknown) => {
        const found = row && typeof row === 'object' ? pick(row as Record<string, unknown>) : null;
        return found ? [found] : [];
      });
      return { success: true, data: named };
    },
  };
}

export interface IdSelectProps {
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
  'data-testid'?: string;
  id?: string;
}

/** The label of a voyage's shipment: LC/PO, BL consignee and what is still on board. */
export function shipmentLabel(row: TVoyageShipment): string {
  return `${row.lcPoNumber} · ${row.blConsigneeName} · ${row.cargoTypeName} · ${isolatedQuantity(row.onBoardQuantity)}`;
}

/** The shipments (LC/PO) of a voyage. */
export function ShipmentSelect({ rows, loading, ...props }: IdSelectProps & { rows: readonly TVoyageShipment[]; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Select<number>
      {...props}
      allowClear
      value={props.value ?? undefined}
      loading={loading}
      placeholder={props.placeholder ?? t('portLoading.selectShipment')}
      options={rows.map((row) => ({ value: row.shipmentId, label: shipmentLabel(row) }))}
      onChange={(next) => props.onChange?.(next ?? undefined)}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

const truckSchema = rowsSchema((row) => (typeof row.id === 'number' && typeof row.plateNumber === 'string' ? { id: row.id, label: row.plateNumber } : null));
const driverSchema = rowsSchema((row) => (typeof row.id === 'number' && typeof row.name === 'string' ? { id: row.id, label: row.name } : null));

/** Active trucks or drivers, of one transporter when given (first 100 by name, filtered here as typed). */
export function EquipmentSelect({ kind, transporterId, ...props }: IdSelectProps & { kind: 'truck' | 'driver'; transporterId: number | null }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['portLoading', kind, transporterId ?? 'all'],
    queryFn: () =>
      api(`/api/${kind}`, {
        schema: kind === 'truck' ? truckSchema : driverSchema,
        query: { transporterId, status: 'active', limit: 100, sortBy: kind === 'truck' ? 'plateNumber' : 'name', sortOrder: 'asc' },
      }),
  });
  return (
    <Select<number>
      {...props}
      allowClear
      value={props.value ?? undefined}
      loading={query.isFetching}
      placeholder={props.placeholder ?? t(kind === 'truck' ? 'portLoading.selectTruck' : 'portLoading.selectDriver')}
      options={(query.data ?? []).map((row) => ({ value: row.id, label: row.label }))}
      onChange={(next) => props.onChange?.(next ?? undefined)}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

/** Tonnes left of a balance after a quantity, exact (kg), or null when the text is not a quantity. */
export function tonnesAfter(balance: string, quantity: string | number | undefined): string | null {
  try {
    if (quantity === undefined || String(quantity).trim() === '') return null;
    return kgToTonnes(tonnesToKg(balance) - tonnesToKg(String(quantity).trim()));
  } catch {
    return null;
  }
}
