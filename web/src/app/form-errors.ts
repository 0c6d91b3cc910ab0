import type { FormInstance } from 'antd';
import type { TApiError } from '@tonnage/contracts';
import { reportFailure, type RawResult } from './api';
import { translateMessage } from './i18n';

/** One form field's errors, as `form.setFields` takes them. */
export interface FieldError {
  name: string;
  errors: string[];
}

/**
 * The server's field errors (`details`: field path → message) for the fields the form has; a path such as
 * `approvers.0.userId` goes to its first segment. Messages are translated when a translation exists.
 */
export function fieldErrorsOf(error: TApiError, fields: readonly string[]): FieldError[] {
  const byField = new Map<string, string[]>();
  for (const [path, message] of Object.entries(error.details ?? {})) {
    const field = path.split('.')[0] ?? path;
    if (!fields.includes(field)) continue;
    byField.set(field, [...(byField.get(field) ?? []), translateMessage(message)]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}

/**
 * Handles a failed form submission: field errors go on their fields; anything else (or a failure without
 * field errors) is reported the usual way (spec section 8).
 */
export function showSubmitFailure(form: FormInstance, result: Extract<RawResult, { ok: false }>, fields: readonly string[]): void {
  const fieldErrors = fieldErrorsOf(result.error, fields);
  if (fieldErrors.length > 0) {
    form.setFields(fieldErrors);
    return;
  }
  reportFailure(result.status, result.error);
}

/** Puts the issues of a failed client-side contract check on the fields (first path segment). */
export function issuesToFieldErrors(issues: readonly { message: string; path: readonly PropertyKey[] }[], fallbackField: string): FieldError[] {
  const byField = new Map<string, string[]>();
  for (const issue of issues) {
    const field = String(issue.path[0] ?? fallbackField);
    byField.set(field, [...(byField.get(field) ?? []), translateMessage(issue.message)]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}
