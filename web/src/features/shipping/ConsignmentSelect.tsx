import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../app/debounce';
import { voyageSearchOf } from '../../components/cargo/VoyageSelect';
import { useLcPoSearch } from './shipping-api';

/** A consignment as the select names it: its LC/PO number (and ref number). */
export interface ConsignmentOption {
  id: number;
  lcPo: string;
  refNumber?: string | null;
}

export const consignmentLabel = (option: ConsignmentOption) => (option.refNumber ? `${option.lcPo} (${option.refNumber})` : option.lcPo);

export interface ConsignmentSelectProps {
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  known?: ConsignmentOption | null;
  placeholder?: string;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** Consignments by LC/PO number: the server is searched after more than 2 typed characters (spec section 5). */
export function ConsignmentSelect({ value, onChange, known, placeholder, ...props }: ConsignmentSelectProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(voyageSearchOf(typed), 300);
  const result = useLcPoSearch(search);
  const [chosen, setChosen] = useState<ConsignmentOption | null>(null);
  const current = typeof value === 'number' ? value : null;
  const options = useMemo(() => {
    const found: ConsignmentOption[] = (result.data?.lcPoNumbers ?? []).map((row) => ({ id: row.id, lcPo: row.LC.LCPONumber, refNumber: row.RefLC?.refNumber ?? null }));
    const named = [chosen, known].find((c): c is ConsignmentOption => !!c && c.id === current);
    const list = named && !found.some((c) => c.id === named.id) ? [named, ...found] : found;
    return list.map((option) => ({ value: option.id, label: consignmentLabel(option), option }));
  }, [result.data, chosen, known, current]);
  return (
    <Select<number>
      {...props}
      allowClear
      value={current ?? undefined}
      placeholder={placeholder ?? t('shipping.searchLcPo')}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onChange={(next) => {
        setChosen(options.find((o) => o.value === next)?.option ?? null);
        setTyped('');
        onChange?.(next ?? undefined);
      }}
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
      options={options}
      loading={result.isFetching}
      notFoundContent={search === undefined ? t('shipping.lcPoSearchHint') : t('shipping.noConsignments')}
    />
  );
}
