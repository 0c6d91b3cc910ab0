import { Select, type SelectProps } from 'antd';

/** The value of a picker: one id, or several with `multiple`. */
export type PickerValue = number | number[];

/** What every picker takes besides its own filters: a Form.Item's controlled value, single or multiple. */
export interface PickerProps extends Omit<SelectProps<PickerValue>, 'options' | 'mode' | 'value' | 'onChange'> {
  multiple?: boolean;
  value?: PickerValue | null;
  onChange?: (value: PickerValue | undefined) => void;
}

interface PickerSelectProps extends PickerProps {
  options: NonNullable<SelectProps<PickerValue>['options']>;
  loading: boolean;
  /** The option property typed text is matched against (`label`, or `title` when the label is not plain text). */
  filterProp: 'label' | 'title';
}

/** The select every picker renders: clearable, searchable by name, single or multiple, empty as undefined. */
export function PickerSelect({ multiple = false, value, onChange, options, loading, filterProp, ...props }: PickerSelectProps) {
  return (
    <Select<PickerValue>
      allowClear
      {...props}
      mode={multiple ? 'multiple' : undefined}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? undefined)}
      options={options}
      loading={loading}
      showSearch={{ optionFilterProp: filterProp }}
    />
  );
}
