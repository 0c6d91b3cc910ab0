import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TransactionDeclaration } from '@tonnage/contracts';
import { anyBody, apiOrThrow, type HttpMethod, type Query, type Schema } from '../../app/api';

/*
 * The typed web hooks of a declared transaction (issue 11): one query-key scheme, the list query and the reversal
 * mutation. Every call goes through apiOrThrow, so a failure sets `isError` and never shows as an empty list.
 */

/** The `{rows, count}` page of a declaration's list, as its list schema parses it. */
export type TransactionListOf<D extends TransactionDeclaration> = D['schemas']['list']['_output'];

/** A row of a declaration's list. */
export type TransactionRowOf<D extends TransactionDeclaration> = D['schemas']['row']['_output'];

/** The query keys of a transaction: everything under `[key]`, so one invalidation refreshes its list and records. */
export function transactionKeys(declaration: Pick<TransactionDeclaration, 'key'>) {
  return {
    all: [declaration.key] as const,
    list: (query: Query) => [declaration.key, 'list', query] as const,
    one: (id: number) => [declaration.key, 'one', id] as const,
  };
}

/** A contract schema as the API client takes it (zod schemas satisfy the client's structural Schema). */
function clientSchema<T>(schema: { safeParse(data: unknown): unknown }): Schema<T> {
  return schema as Schema<T>;
}

/** The API path of a declaration: `/api` + its `api`. */
export const transactionApiPath = (declaration: Pick<TransactionDeclaration, 'api'>): string => `/api${declaration.api}`;

/** `GET /api/<api>` with the list's filters, page and sort; the previous page stays shown while the next loads. */
export function useTransactionList<D extends TransactionDeclaration>(declaration: D, query: Query) {
  return useQuery({
    queryKey: transactionKeys(declaration).list(query),
    queryFn: ({ signal }) => apiOrThrow(transactionApiPath(declaration), { schema: clientSchema<TransactionListOf<D>>(declaration.schemas.list), query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The path and method of a declaration's reversal: its declared route, else `DELETE <api>/:id/reverse`. */
export function reverseRequest(declaration: Pick<TransactionDeclaration, 'api' | 'routes'>, id: number): { path: string; method: HttpMethod } {
  const route = declaration.routes?.reverse;
  const suffix = (route?.path ?? '/:id/reverse').replace(':id', String(id));
  return { path: `${transactionApiPath(declaration)}${suffix}`, method: route?.method ?? 'DELETE' };
}

/** What a reversal sends: the record's id, the reason, and any extra body fields the flow needs (e.g. `slips`). */
export interface ReverseVariables {
  id: number;
  reason: string;
  extra?: Readonly<Record<string, unknown>>;
}

/**
 * The reversal of a record (`{reason}` plus the flow's extras). On success it refreshes everything under the
 * declaration's key and the keys the caller names (the lists a reversal changes elsewhere). A failure is notified
 * as every failure is and rejects with an ApiFailure, which the reason dialog shows in place.
 */
export function useReverseTransaction(declaration: TransactionDeclaration, alsoInvalidate: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason, extra }: ReverseVariables) => {
      const { path, method } = reverseRequest(declaration, id);
      return apiOrThrow(path, { method, body: { ...extra, reason }, schema: clientSchema<unknown>(declaration.routes?.reverse?.response ?? anyBody) });
    },
    onSuccess: async () => {
      await Promise.all([transactionKeys(declaration).all, ...alsoInvalidate].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
