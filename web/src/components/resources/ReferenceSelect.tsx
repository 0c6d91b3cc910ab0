import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../app/debounce';
import { effectiveSearch } from './resource-search';
import { useResourceName, useResourceOptions, type ReferenceOption } from './resource-api';

export interface ReferenceSelectProps {
  /** The referenced resource's key (`/api/<key>`). */
  resourceKey: string;
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  /** A row the caller knows by name (the edited row's `<field>` and `<field>Name`), shown without asking the server. */
  known?: ReferenceOption | null;
  allowClear?: boolean;
  placeholder?: string;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
  'data-field'?: string;
}

/**
 * A select of the rows of another resource: the first 100 active rows by name; when there are more, it searches the
 * server once more than 2 characters are typed. The current value is always offered by its name (fetched when it is
 * not among the loaded rows, e.g. a row deactivated since).
 */
export function ReferenceSelect({ resourceKey, value, onChange, known, allowClear, placeholder, ...props }: ReferenceSelectProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(effectiveSearch(typed) ?? '');
  const { options, large, searching, isFetching } = useResourceOptions(resourceKey, search);
  // Rows chosen from a server search stay named once the select is back to the first page.
  const [chosen, setChosen] = useState<ReferenceOption | null>(null);
  const current = typeof value === 'number' ? value : null;
  const missing = current !== null && !options.some((option) => option.value === current);
  const knownName = [chosen, known].find((option) => option && option.value === current)?.label ?? null;
  const fetchedName = useResourceName(resourceKey, missing && knownName === null ? current : null);
  const choices = useMemo((): ReferenceOption[] => {
    if (!missing || current === null) return options;
    return [{ value: current, label: knownName ?? fetchedName ?? String(current) }, ...options];
  }, [options, missing, current, knownName, fetchedName]);

  return (
    <Select<number>
      {...props}
      value={current ?? undefined}
      onChange={(next) => {
        setChosen(choices.find((option) => option.value === next) ?? null);
        setTyped('');
        onChange?.(next ?? undefined);
      }}
      allowClear={allowClear}
      showSearch={{
        // A small resource is filtered here; a large one by the server (its answer is shown as it is).
        optionFilterProp: 'label',
        filterOption: searching ? false : (input, option) => (typeof option?.label === 'string' ? option.label : '').toLowerCase().includes(input.toLowerCase()),
        onSearch: setTyped,
      }}
      onOpenChange={(open) => {
        // A closed select forgets what was typed (antd clears its search box): back to the first page.
        if (!open) setTyped('');
      }}
      options={choices}
      loading={isFetching}
      placeholder={placeholder}
      notFoundContent={large && effectiveSearch(typed) === undefined && typed.trim() !== '' ? t('resources.searchHint') : undefined}
    />
  );
}
