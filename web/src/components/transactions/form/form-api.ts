import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { anyBody, apiOrThrow, type Schema } from '../../../app/api';
import { transactionKeys } from '../hooks';
import { recordPath, saveTarget, type TransactionFormDeclaration } from './transaction-form';

/**
 * `GET <api>/:id`, typed by the declaration's `detail` (or `row`) schema. A failure is reported and leaves the
 * query in error (never an empty form); disabled on the add page (`id` null).
 */
export function useTransactionRecord<T = unknown>(declaration: TransactionFormDeclaration, id: number | null) {
  const schema = (declaration.schemas.detail ?? declaration.schemas.row) as Schema<T>;
  return useQuery({
    queryKey: transactionKeys(declaration).one(id ?? 0),
    queryFn: () => apiOrThrow(recordPath(declaration, id ?? 0), { schema }),
    enabled: id !== null,
  });
}

/** What a save sends: the record's id (null to create) and the body the input schema checks. */
export interface SaveVariables {
  id: number | null;
  input: unknown;
}

/**
 * Creates or updates a record (`POST <api>` / `PUT <api>/:id`, or the declaration's own routes). A failure is not
 * reported here but thrown as `ApiFailure`, so the form puts the server's `details` on its fields; success
 * refreshes everything under `[declaration.key]` and the `invalidate` keys the caller adds.
 */
export function useSaveTransaction(declaration: TransactionFormDeclaration, invalidate: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: SaveVariables) => {
      const { path, method } = saveTarget(declaration, id);
      const response = id === null ? declaration.routes?.create?.response : declaration.routes?.update?.response;
      return apiOrThrow<unknown>(path, { method, body: input, schema: (response as Schema<unknown> | undefined) ?? anyBody, report: false });
    },
    onSuccess: async () => {
      await Promise.all([transactionKeys(declaration).all, ...invalidate].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
