import type { TransactionDeclaration } from '@tonnage/contracts';

/**
 * The react-query keys of a transaction: everything under `[key]`, so one invalidation after a save or a
 * reversal refreshes its lists and records. (kit-web's hooks define the same scheme; the integrator keeps one.)
 */
export function transactionKeys(declaration: Pick<TransactionDeclaration, 'key'>) {
  return {
    all: [declaration.key] as const,
    list: (query: unknown) => [declaration.key, 'list', query] as const,
    one: (id: number) => [declaration.key, 'one', id] as const,
  };
}
