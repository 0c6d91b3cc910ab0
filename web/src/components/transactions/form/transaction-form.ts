import type { TApiError, TransactionDeclaration, TransactionFormSection, TransactionSchemas } from '@tonnage/contracts';
import type { HttpMethod, Schema } from '../../../app/api';
import type { FieldError } from '../../../app/form-errors';
import { translateMessage } from '../../../app/i18n';

/*
 * The logic of the transaction form shell, apart from React so it is tested alone: where a save goes, and how the
 * issues of the declaration's input schema (checked in the browser) and the server's `details` (checked by the same
 * schema on the server) land on the form's fields, one path through the same translation, so both read the same.
 */

/** What the form shell needs of a transaction declaration; every `TransactionDeclaration` is one. */
export interface TransactionFormDeclaration {
  key: string;
  api: string;
  schemas: Pick<TransactionSchemas, 'input' | 'updateInput' | 'row' | 'detail'>;
  routes?: TransactionDeclaration['routes'];
  form?: TransactionDeclaration['form'];
}

/** Where a form field of the flow takes a `details` / issue path (`voyage.vesselId` → `vesselId`); the first segment by default. */
export type FieldOf = (path: string) => string;

/** The default field of a path: its first segment (`approvers.0.userId` → `approvers`). */
export const firstSegment: FieldOf = (path) => path.split('.')[0] ?? path;

/** The field names the declaration's form sections lay out. */
export function sectionFields(sections: readonly TransactionFormSection<string>[]): string[] {
  return sections.flatMap((section) => section.rows.flat());
}

/** The path and method of a save: `POST <api>` to create, `PUT <api>/:id` to update, unless the declaration says otherwise. */
export function saveTarget(declaration: TransactionFormDeclaration, id: number | null): { path: string; method: HttpMethod } {
  if (id === null) {
    const create = declaration.routes?.create;
    return { path: `/api${declaration.api}${create?.path ?? ''}`, method: create?.method ?? 'POST' };
  }
  const update = declaration.routes?.update;
  return { path: `/api${declaration.api}${(update?.path ?? '/:id').replace(':id', String(id))}`, method: update?.method ?? 'PUT' };
}

/** The path of `GET <api>/:id`. */
export function recordPath(declaration: Pick<TransactionDeclaration, 'api'>, id: number): string {
  return `/api${declaration.api}/${id}`;
}

/**
 * Messages keyed by path onto the form's fields: each path through `fieldOf`, kept only when the form has the
 * field, each message translated (the server's English text is the key of its translations). Paths on no field of
 * the form are answered apart (`unplaced`), so the caller can still show them.
 */
export function placeMessages(entries: readonly (readonly [string, string])[], fields: readonly string[], fieldOf: FieldOf = firstSegment): { fieldErrors: FieldError[]; unplaced: string[] } {
  const byField = new Map<string, string[]>();
  const unplaced: string[] = [];
  for (const [path, message] of entries) {
    const field = fieldOf(path);
    const text = translateMessage(message);
    if (!fields.includes(field)) {
      unplaced.push(text);
      continue;
    }
    const messages = byField.get(field) ?? [];
    if (!messages.includes(text)) messages.push(text);
    byField.set(field, messages);
  }
  return { fieldErrors: [...byField].map(([name, errors]) => ({ name, errors })), unplaced };
}

/**
 * Checks the request body with the declaration's input schema, as the server will: null when it passes, else the
 * issues as messages on the form's fields (an issue's path joined with dots, as the server keys its `details`).
 */
export function clientCheck(schema: Schema<unknown>, input: unknown, fields: readonly string[], fieldOf: FieldOf = firstSegment): { fieldErrors: FieldError[]; unplaced: string[] } | null {
  const parsed = schema.safeParse(input);
  if (parsed.success) return null;
  return placeMessages(
    parsed.error.issues.map((issue) => [issue.path.map(String).join('.'), issue.message] as const),
    fields,
    fieldOf,
  );
}

/** The server's field errors (`details`) on the form's fields. */
export function serverFieldErrors(error: TApiError, fields: readonly string[], fieldOf: FieldOf = firstSegment): { fieldErrors: FieldError[]; unplaced: string[] } {
  return placeMessages(Object.entries(error.details ?? {}), fields, fieldOf);
}
