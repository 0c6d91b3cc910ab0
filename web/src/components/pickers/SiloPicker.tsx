import { useMemo } from 'react';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { byName, hasOpenArea, nextSiloSelection, OPEN_AREA_ONLY, usePickerData, type SiloChoice } from './picker-data';

export interface SiloPickerProps extends Omit<SelectProps<SiloChoice[]>, 'options' | 'mode' | 'value' | 'onChange'> {
  /** The location whose silos are offered; nothing is offered (and the select is disabled) without one. */
  locationId: number | null | undefined;
  value?: SiloChoice[] | null;
  onChange?: (value: SiloChoice[]) => void;
}

/**
 * The silos of a location, plus "Open Area Only" when the location has an open area (storage type 2 or 3).
 * "Open Area Only" excludes the silos: choosing it clears them, choosing a silo removes it.
 */
export function SiloPicker({ locationId, value, onChange, placeholder, disabled, ...props }: SiloPickerProps) {
  const { t } = useTranslation();
  const { locations, loading } = usePickerData();
  const location = locations.find((candidate) => candidate.id === locationId);
  const current = value ?? [];
  const options = useMemo(() => {
    const silos: { value: SiloChoice; label: string }[] = [...(location?.Silo ?? [])].sort(byName).map((silo) => ({ value: silo.id, label: silo.name }));
    return hasOpenArea(location) ? [{ value: OPEN_AREA_ONLY, label: t('pickers.openAreaOnly') }, ...silos] : silos;
  }, [location, t]);
  return (
    <Select<SiloChoice[]>
      allowClear
      {...props}
      mode="multiple"
      value={current}
      onChange={(next) => onChange?.(nextSiloSelection(current, next ?? []))}
      options={options}
      loading={loading}
      disabled={disabled ?? (locationId === null || locationId === undefined)}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder ?? t('pickers.selectSilos')}
    />
  );
}
