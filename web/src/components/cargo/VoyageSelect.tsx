import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SEARCH_MIN_CHARS, ZVesselVoyageOptions, vesselVoyageLabel, type TVesselVoyageOption } from '@tonnage/contracts';
import { api } from '../../app/api';
import { useDebouncedValue } from '../../app/debounce';

/** Pickers list at most 10 voyages (spec section 9). */
export const VOYAGE_PICKER_LIMIT = 10;

/** The typed text the server is asked about: only after more than 2 characters (spec section 5), else none. */
export function voyageSearchOf(typed: string): string | undefined {
  const text = typed.trim();
  return text.length > SEARCH_MIN_CHARS ? text : undefined;
}

/** `GET /api/voyage/vessel-voyage-number?search=` (at most 10 voyages); disabled until a search is typed. */
export function useVesselVoyageSearch(search: string | undefined) {
  return useQuery({
    queryKey: ['voyage', 'vessel-voyage-number', search ?? ''],
    queryFn: () => api('/api/voyage/vessel-voyage-number', { schema: ZVesselVoyageOptions, query: { search, limit: VOYAGE_PICKER_LIMIT } }),
    enabled: search !== undefined,
    staleTime: 30_000,
  });
}

/**
 * `GET /api/voyage/vessel-voyage-number?id=`: names a voyage the select holds but has not found in a search (a list
 * filter read back from the URL after a reload); disabled while `id` is undefined.
 */
export function useVesselVoyageById(id: number | undefined) {
  return useQuery({
    queryKey: ['voyage', 'vessel-voyage-number', 'id', id],
    queryFn: () => api('/api/voyage/vessel-voyage-number', { schema: ZVesselVoyageOptions, query: { id, limit: 1 } }),
    enabled: id !== undefined,
    staleTime: 30_000,
  });
}

export interface VoyageSelectProps {
  value?: number | null;
  onChange?: (value: number | undefined, voyage: TVesselVoyageOption | undefined) => void;
  /** The selected voyage as the caller knows it (an edited record's voyage), named without a search. */
  known?: TVesselVoyageOption | null;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
  status?: 'error' | 'warning';
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A vessel voyage picker, 'NAME / V.NO': searches the server after more than 2 typed characters, at most 10
 * voyages. The chosen voyage stays named after the search is cleared; a value it was given without its name
 * (`known`) is named by asking the server for that id. A controlled select for a Form.Item.
 */
export function VoyageSelect({ value, onChange, known, placeholder, allowClear = true, ...props }: VoyageSelectProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(voyageSearchOf(typed), 300);
  const result = useVesselVoyageSearch(search);
  const [chosen, setChosen] = useState<TVesselVoyageOption | null>(null);
  const found = useMemo(() => result.data?.rows ?? [], [result.data]);
  const current = typeof value === 'number' ? value : null;
  const held = [chosen, known].find((v): v is TVesselVoyageOption => !!v && v.id === current);
  // A value nobody named (not chosen here, not given as `known`, not in the search) is looked up by its id.
  const lookup = useVesselVoyageById(current !== null && !held && !found.some((v) => v.id === current) ? current : undefined);
  const looked = lookup.data?.rows.find((v) => v.id === current);
  const options = useMemo(() => {
    const named = held ?? looked;
    const list = named && !found.some((v) => v.id === named.id) ? [named, ...found] : found;
    return list.map((voyage) => ({ value: voyage.id, label: vesselVoyageLabel(voyage), voyage }));
  }, [found, held, looked]);

  const hint = typed.trim() !== '' && voyageSearchOf(typed) === undefined ? t('shipping.voyageSearchHint') : undefined;
  return (
    <Select<number>
      {...props}
      value={current ?? undefined}
      placeholder={placeholder ?? t('shipping.selectVoyage')}
      allowClear={allowClear}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onChange={(next) => {
        const voyage = options.find((option) => option.value === next)?.voyage;
        setChosen(voyage ?? null);
        setTyped('');
        onChange?.(next ?? undefined, voyage);
      }}
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
      options={options}
      loading={result.isFetching}
      notFoundContent={hint ?? (search === undefined ? t('shipping.voyageSearchHint') : t('shipping.noVoyages'))}
    />
  );
}
