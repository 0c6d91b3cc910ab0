import { useCallback, useMemo, useState } from 'react';
import { App, Form, type FormInstance, type FormRule } from 'antd';
import type { QueryKey } from '@tanstack/react-query';
import type { TransactionFormSection } from '@tonnage/contracts';
import { useTranslation } from 'react-i18next';
import { ApiFailure, reportFailure } from '../../../app/api';
import { translateMessage } from '../../../app/i18n';
import type { FieldError } from '../../../app/form-errors';
import { unsavedChangesDialog, useUnsavedChangesGuard } from '../../../app/unsaved-changes';
import { useSaveTransaction } from './form-api';
import { clientCheck, firstSegment, sectionFields, serverFieldErrors, type FieldOf, type TransactionFormDeclaration } from './transaction-form';

export interface TransactionFormOptions<Values> {
  declaration: TransactionFormDeclaration;
  /** The record being edited; null on add. */
  id: number | null;
  /** The request body of the form's values: the flow's own rules (what is sent, trimmed, dates as ISO). */
  toInput: (values: Values) => unknown;
  /** Where a `details`/issue path lands among the form's fields (default: its first segment). */
  fieldOf?: FieldOf;
  /**
   * The sections the form lays out when its fields are not the input's (a period for two dates, one number for LC or
   * PO); the declaration's by default. Pass the same to `TransactionForm`.
   */
  sections?: readonly TransactionFormSection<string>[];
  /** Form fields beyond the sections' that messages may land on. */
  fields?: readonly string[];
  /** The flow's success text (create or update); without it the response's `message`, if any, is shown. */
  successMessage?: (created: boolean) => string;
  /** After a successful save (the form is clean again): navigate, close the drawer, ... */
  onSaved?: (saved: unknown, created: boolean) => void;
  /** Query keys to refresh after a save beyond `[declaration.key]`. */
  invalidate?: readonly QueryKey[];
}

/** What a flow's form is driven by: hand it to `TransactionForm` and spread `item(name)` on each `Form.Item`. */
export interface TransactionFormController<Values> {
  declaration: TransactionFormDeclaration;
  /** The sections laid out. */
  sections: readonly TransactionFormSection<string>[];
  form: FormInstance<Values>;
  /** The fields messages may land on. */
  fields: readonly string[];
  saving: boolean;
  /** The user changed something since the form opened or was last saved. */
  dirty: boolean;
  /** The form's `onFinish`: checks with the input schema, saves, puts any refusal on the fields. */
  submit: (values: Values) => Promise<void>;
  /** The form's `onValuesChange`: marks it dirty and re-checks the fields in error (a fix elsewhere may clear them). */
  changed: () => void;
  /** `name` and the schema rule of a field, to spread on its `Form.Item`. */
  item: (name: string) => { name: string; rules: FormRule[] };
  /** Opens the form afresh on `values` (a drawer reopened on another record): clean, no messages. */
  load: (values: Values) => void;
  /** Runs `leave` at once when nothing changed, else after the user confirms leaving without saving. */
  confirmDiscard: (leave: () => void) => void;
}

/**
 * The controller of a transaction form: validation with the declaration's input schema (the server's own, so the
 * messages are the server's), the save through the declaration's routes, the server's `details` on the fields,
 * nothing the user typed lost on any failure, and the unsaved-changes guard while the form is dirty.
 */
export function useTransactionForm<Values>(options: TransactionFormOptions<Values>): TransactionFormController<Values> {
  const { declaration, id, toInput, fieldOf = firstSegment, successMessage, onSaved, invalidate } = options;
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const save = useSaveTransaction(declaration, invalidate);
  useUnsavedChangesGuard(dirty);

  const sections = options.sections ?? declaration.form?.sections ?? [];
  const fields = useMemo(() => [...new Set([...sectionFields(sections), ...(options.fields ?? [])])], [sections, options.fields]);

  /** The body's schema: the input's, or an edit's own where the declaration gives the update one. */
  const schema = id === null ? declaration.schemas.input : (declaration.schemas.updateInput ?? declaration.schemas.input);

  /** The schema's verdict on the whole form as it stands, for the fields the form has. */
  const check = useCallback((): ReturnType<typeof clientCheck> => clientCheck(schema, toInput(form.getFieldsValue(true) as Values), fields, fieldOf), [schema, toInput, form, fields, fieldOf]);

  const item = useCallback(
    (name: string) => ({
      name,
      rules: [
        {
          validator: () => {
            const problems = check()?.fieldErrors.find((error) => error.name === name);
            return problems ? Promise.reject(new Error(problems.errors[0])) : Promise.resolve();
          },
        },
      ],
    }),
    [check],
  );

  const showErrors = (fieldErrors: FieldError[], unplaced: readonly string[], status: number, code: string) => {
    if (fieldErrors.length > 0) form.setFields(fieldErrors.map((error) => ({ ...error, name: error.name as never })));
    else reportFailure(status, { message: unplaced.join(' ') || 'Validation failed', code });
  };

  const submit = async (values: Values) => {
    const input = toInput(values);
    const problems = clientCheck(schema, input, fields, fieldOf);
    if (problems) {
      showErrors(problems.fieldErrors, problems.unplaced, 400, 'VALIDATION');
      return;
    }
    try {
      const saved = await save.mutateAsync({ id, input });
      setDirty(false);
      const text = successMessage?.(id === null) ?? responseMessage(saved);
      if (text) void message.success(text);
      onSaved?.(saved, id === null);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      // The form keeps every value; only the messages change.
      const placed = serverFieldErrors(error.error, fields, fieldOf);
      if (placed.fieldErrors.length > 0) form.setFields(placed.fieldErrors.map((fieldError) => ({ ...fieldError, name: fieldError.name as never })));
      else reportFailure(error.status, error.error);
    }
  };

  const changed = () => {
    setDirty(true);
    const inError = fields.filter((name) => form.getFieldError(name as never).length > 0);
    if (inError.length > 0) form.validateFields(inError as never[]).catch(() => undefined);
  };

  const confirmDiscard = (leave: () => void) => {
    if (!dirty) {
      leave();
      return;
    }
    modal.confirm({
      ...unsavedChangesDialog(t),
      onOk: () => {
        setDirty(false);
        leave();
      },
    });
  };

  const load = useCallback(
    (values: Values) => {
      form.resetFields();
      form.setFieldsValue(values);
      setDirty(false);
    },
    [form],
  );

  return { declaration, sections, form, fields, saving: save.isPending, dirty, submit, changed, item, load, confirmDiscard };
}

/** The `message` of a save's response (the spec's success text), when it has one. */
function responseMessage(saved: unknown): string | null {
  return saved !== null && typeof saved === 'object' && 'message' in saved && typeof saved.message === 'string' ? translateMessage(saved.message) : null;
}
