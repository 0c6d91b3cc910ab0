import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COMPANY_TYPE_IDS, ZSaleOrderList, type TSaleOrder } from '@tonnage/contracts';
import { api } from '../../app/api';
import { useDebouncedValue } from '../../app/debounce';
import { useSession } from '../../app/session';
import { usePickerData } from '../../components/pickers/picker-data';
import { useAgencyData } from '../agencies/agency-api';
import { effectiveSearch } from './procurement-form';

export interface Option {
  value: number;
  label: string;
}

/** Active companies of one type from the agency data (already scoped by the server), by name. */
export function useCompanyOptions(type: keyof typeof COMPANY_TYPE_IDS): { options: Option[]; loading: boolean } {
  const { companies, loading } = usePickerData();
  const options = useMemo(
    () =>
      companies
        .filter((company) => company.companyTypeId === COMPANY_TYPE_IDS[type])
        .map((company) => ({ value: company.id, label: company.name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [companies, type],
  );
  return { options, loading };
}

/** The agency's cargo types from the agency data. */
export function useCargoOptions(): { options: Option[]; loading: boolean } {
  const { selectedAgencyId } = useSession();
  const data = useAgencyData(selectedAgencyId);
  const options = useMemo(() => (data.data?.Cargo ?? []).map((cargo) => ({ value: cargo.id, label: cargo.name })).sort((a, b) => a.label.localeCompare(b.label)), [data.data]);
  return { options, loading: selectedAgencyId !== null && data.isPending };
}

/** Adds the current value with its known name when the options lack it (an inactive company kept on an old record). */
export function withKnown(options: Option[], known: Option | null | undefined): Option[] {
  if (!known || options.some((option) => option.value === known.value)) return options;
  return [known, ...options];
}

interface SaleOrderSelectProps {
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  /** The whole row of the chosen sale order (to take its cargo type). */
  onPick?: (saleOrder: TSaleOrder | null) => void;
  known?: Option | null;
  allowClear?: boolean;
  placeholder?: string;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** Active sale orders, the latest 20, searched on the server once more than 2 characters are typed. */
export function SaleOrderSelect({ value, onChange, onPick, known, allowClear, placeholder, ...props }: SaleOrderSelectProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(effectiveSearch(typed) ?? '');
  const list = useQuery({
    queryKey: ['saleOrders', 'options', search],
    queryFn: () => api('/api/saleOrder', { schema: ZSaleOrderList, query: { status: 'Active', limit: 20, search } }),
  });
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const options = withKnown(
    rows.map((row) => ({ value: row.id, label: `${row.number} · ${row.cargoTypeName}` })),
    known,
  );
  return (
    <Select<number>
      {...props}
      value={value ?? undefined}
      allowClear={allowClear}
      placeholder={placeholder ?? t('procurement.select')}
      loading={list.isFetching}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
      onChange={(next) => {
        onChange?.(next ?? undefined);
        onPick?.(rows.find((row) => row.id === next) ?? null);
      }}
      notFoundContent={typed.trim() !== '' && effectiveSearch(typed) === undefined ? t('procurement.searchHint') : undefined}
    />
  );
}
