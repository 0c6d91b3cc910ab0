import type { FormRule } from 'antd';
import { isStrongPassword, Messages } from '@tonnage/contracts';
import type { Schema } from './api';
import { translateMessage } from './i18n';

const fail = (message: string) => Promise.reject(new Error(translateMessage(message)));
const pass = () => Promise.resolve();

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim().length === 0;

/** A form rule that runs one contract schema (a field of a Z... object) and shows its message, translated. */
export function zodRule(schema: Schema<unknown>, normalise: (value: unknown) => unknown = emptyToNull): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const result = schema.safeParse(normalise(value));
      if (result.success) return pass();
      return fail(result.error.issues[0]?.message ?? '');
    },
  };
}

/** Optional text inputs hold '' once touched; the contracts treat those as absent. */
export function emptyToNull(value: unknown): unknown {
  return value === '' || value === undefined ? null : value;
}

/** Spec section 5: a required value that cannot be blank whitespace. */
export function requiredRule(message: string): FormRule {
  return { validator: (_rule, value: unknown) => (isBlank(value) ? fail(message) : pass()) };
}

/** Spec section 5: new password required and strong. */
export function newPasswordRules(): FormRule[] {
  return [
    {
      validator: (_rule, value: unknown) => {
        if (isBlank(value)) return fail(Messages.newPasswordRequired);
        return typeof value === 'string' && isStrongPassword(value) ? pass() : fail(Messages.passwordRule);
      },
    },
  ];
}

/** Spec section 5: confirmation required and equal to the new password in `field`. */
export function confirmPasswordRules(field: string): FormRule[] {
  return [
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) => {
        if (isBlank(value)) return fail(Messages.confirmPasswordRequired);
        const password: unknown = getFieldValue(field);
        return value === password ? pass() : fail(Messages.passwordMismatch);
      },
    }),
  ];
}
