import { Form, Input, Select, type SelectProps } from 'antd';
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTransactionForm, type TransactionFormController, type TransactionFormOptions } from '../../components/transactions/form/useTransactionForm';
import { useCargoOptions, withKnown, type Option } from './procurement-options';

/** What the list gives a sale order's or a consignment's drawer besides the record. */
export interface ProcurementDrawerProps {
  open: boolean;
  onClose: () => void;
  /** After a save (the drawer stays for the list to close). */
  onSaved: () => void;
}

export interface ProcurementFormOptions<Values> extends Pick<TransactionFormOptions<Values>, 'declaration' | 'sections' | 'id' | 'toInput' | 'fieldOf'> {
  /** Other caches that show this record (pickers), refreshed after a save besides the declaration's own key. */
  listKey?: QueryKey;
  onSaved: () => void;
}

/** The controller of a sale order's or a consignment's form: procurement's success text, the list refreshed, the list told. */
export function useProcurementForm<Values>({ listKey, onSaved, ...options }: ProcurementFormOptions<Values>): TransactionFormController<Values> {
  const { t } = useTranslation();
  return useTransactionForm<Values>({
    ...options,
    invalidate: listKey ? [listKey] : [],
    successMessage: () => t('procurement.saved'),
    onSaved: () => onSaved(),
  });
}

export interface KnownOptionSelectProps extends Omit<SelectProps<number>, 'options' | 'loading' | 'showSearch'> {
  /** The options offered and whether they are still loading. */
  choices: { options: Option[]; loading: boolean };
  /** The record's own choice with its name, listed even when the options lack it (inactive); null on add. */
  known: Option | null;
}

/** A searchable choice of a company or cargo type that keeps an old record's inactive choice readable. */
export function KnownOptionSelect({ choices, known, ...props }: KnownOptionSelectProps) {
  const { t } = useTranslation();
  return <Select<number> showSearch={{ optionFilterProp: 'label' }} options={withKnown(choices.options, known)} loading={choices.loading} placeholder={t('procurement.select')} {...props} />;
}

/** The fields a sale order and a consignment share. */
export type SharedProcurementFieldName = 'cargoTypeId' | 'quantity' | 'remarks';

export interface SharedProcurementFieldProps {
  name: SharedProcurementFieldName;
  /** The form controller's `item`: the field's name and schema rule. */
  item: TransactionFormController<unknown>['item'];
  /** The record's cargo type with its name (kept when inactive); null on add. */
  knownCargo: Option | null;
  /** Test ids `<prefix>-cargo-type`, `<prefix>-quantity`, `<prefix>-remarks`. */
  testIdPrefix: string;
}

/** Cargo type, quantity MT or remarks of a sale order or a consignment: the same input, label and limits in both. */
export function SharedProcurementField({ name, item, knownCargo, testIdPrefix }: SharedProcurementFieldProps) {
  const { t } = useTranslation();
  const cargo = useCargoOptions();
  switch (name) {
    case 'cargoTypeId':
      return (
        <Form.Item {...item('cargoTypeId')} required label={t('procurement.cargoType')}>
          <KnownOptionSelect choices={cargo} known={knownCargo} data-testid={`${testIdPrefix}-cargo-type`} />
        </Form.Item>
      );
    case 'quantity':
      return (
        <Form.Item {...item('quantity')} required label={t('procurement.quantity')}>
          <Input inputMode="decimal" dir="ltr" data-testid={`${testIdPrefix}-quantity`} />
        </Form.Item>
      );
    case 'remarks':
      return (
        <Form.Item {...item('remarks')} label={t('procurement.remarks')}>
          <Input.TextArea rows={3} maxLength={255} data-testid={`${testIdPrefix}-remarks`} />
        </Form.Item>
      );
  }
}

/** Whether a declared field is one `SharedProcurementField` renders. */
export function isSharedProcurementField(name: string): name is SharedProcurementFieldName {
  return name === 'cargoTypeId' || name === 'quantity' || name === 'remarks';
}
