import {
  LoanMessages,
  ZLoanBalance,
  ZLoanBalanceExportQuery,
  ZLoanBalanceQuery,
  ZLoanMovements,
  ZLoanMovementsQuery,
  ZLoanReturnSourcesQuery,
  ZOpenLoans,
  ZStockPositions,
  ZStockPositionsQuery,
  consigneeLocationToSmTransaction,
  consigneeToSmTransaction,
  smToConsigneeTransaction,
  ZConsigneePositionsQuery,
  ZLoanSaved,
  ZOnBoardLenders,
  ZOnBoardLendersQuery,
  ZOnBoardLoanInput,
  operationPermission,
  type PermissionRequirement,
} from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import type { z } from 'zod';
import { cargoRoute, registerExportRoutes, registerTransaction } from '../../kit';
import { registerTransferSlipPrint } from '../warehouse-transfer/transfer-slip.routes';
import { loanBalanceExportColumns, loanExportColumns, loanReturnExportColumns } from './loans.export';
import {
  createConsigneeLocationLoan,
  createLoan,
  createOnBoardLoan,
  createLoanReturn,
  loanExportSource,
  loanReturnExportSource,
  getLoan,
  getLoanReturn,
  lenderPositions,
  listLoanReturns,
  listLoans,
  loanBalance,
  loanBalanceExportSource,
  loanMovements,
  loanReturnSources,
  onBoardLenders,
  openLoans,
  reverseLoan,
  reverseLoanReturn,
} from './loans.service';

const tags = ['loans'];

/** Who reads the loan balance: the loan report's flag, or the view flag of either loan screen. */
const BALANCE_READERS: PermissionRequirement = {
  anyOf: [
    { module: 'LoanReport', action: 'view' },
    { module: 'WarehouseConsigneeToSm', action: 'view' },
    { module: 'WarehouseSmToConsignee', action: 'view' },
  ],
};

/**
 * Loans in a warehouse (`warehouse/consignee-to-sm`, `warehouse/sm-to-consignee`): the kit's routes of both
 * declarations, the positions picker of the loan form, and the loan balance with its drill-down and export.
 */
export function registerLoanRoutes(api: FastifyInstance, context: ModuleContext): void {
  registerTransaction(api, context, consigneeToSmTransaction, {
    list: (tx, actor, query) => listLoans(tx, { agencyId: actor.agencyId, scope: actor.scope, place: 'warehouse', query }),
    exportSource: (tx, actor, query) => loanExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, place: 'warehouse', query }),
    exportColumns: loanExportColumns,
    exportSheet: { en: 'Consignee to SM', ar: 'من المستلم إلى مدير الشحنة' },
    get: (tx, actor, id) => getLoan(tx, { agencyId: actor.agencyId, scope: actor.scope, place: 'warehouse', id }),
    create: async (tx, actor, input) => ({ message: LoanMessages.loanCreated, record: await createLoan(tx, { ...actor, input }) }),
    reverse: (tx, actor, id, body) => reverseLoan(tx, { ...actor, id, body, place: 'warehouse' }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/warehouseConsigneeToSm/positions',
    permission: { anyOf: [{ module: 'WarehouseConsigneeToSm', action: 'add' }] },
    tags,
    summary: 'On-hand positions in the user’s warehouses with on hand, committed and usable quantity: the Consignee to SM form’s picker',
    querystring: ZStockPositionsQuery,
    response: ZStockPositions,
    work: async (tx, actor, { query }) => ({ rows: await lenderPositions(tx, { agencyId: actor.agencyId, scope: actor.scope, place: 'warehouse', locationId: query.warehouseId, consignmentId: query.consignmentId }) }),
  });

  cargoRoute(api, context, {
    method: 'POST',
    url: '/warehouseConsigneeToSm/on-board',
    permission: operationPermission(consigneeToSmTransaction, 'create'),
    tags,
    summary: 'Lend part of a BL’s cargo still on board to the BL consignee’s shipment manager (no posting: the loan reserves it for its `loan` port loadings; 409 Quantity not available above what the BL can still give)',
    body: ZOnBoardLoanInput,
    response: ZLoanSaved,
    event: 'vessel',
    work: async (tx, actor, { body }) => ({ message: LoanMessages.loanCreated, record: await createOnBoardLoan(tx, { ...actor, input: body }) }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/warehouseConsigneeToSm/on-board',
    permission: { anyOf: [{ module: 'WarehouseConsigneeToSm', action: 'add' }] },
    tags,
    summary: 'The BLs of a voyage in the user’s scope whose BL consignee can lend on board to its shipment manager, with what each can still give',
    querystring: ZOnBoardLendersQuery,
    response: ZOnBoardLenders,
    work: (tx, actor, { query }) => onBoardLenders(tx, { agencyId: actor.agencyId, scope: actor.scope, voyageId: query.voyageId }),
  });

  registerTransaction(api, context, consigneeLocationToSmTransaction, {
    list: (tx, actor, query) => listLoans(tx, { agencyId: actor.agencyId, scope: actor.scope, place: 'consigneeLocation', query }),
    exportSource: (tx, actor, query) => loanExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, place: 'consigneeLocation', query }),
    exportColumns: loanExportColumns,
    exportSheet: { en: 'Consignee to SM', ar: 'من المستلم إلى مدير الشحنة' },
    get: (tx, actor, id) => getLoan(tx, { agencyId: actor.agencyId, scope: actor.scope, place: 'consigneeLocation', id }),
    create: async (tx, actor, input) => ({ message: LoanMessages.loanCreated, record: await createConsigneeLocationLoan(tx, { ...actor, input }) }),
    reverse: (tx, actor, id, body) => reverseLoan(tx, { ...actor, id, body, place: 'consigneeLocation' }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/consigneeToSm/positions',
    permission: { anyOf: [{ module: 'ConsigneeToSm', action: 'add' }] },
    tags,
    summary: 'On-hand positions at consignee locations in the user’s scope with usable quantity: the consignee Consignee to SM form’s picker',
    querystring: ZConsigneePositionsQuery,
    response: ZStockPositions,
    work: async (tx, actor, { query }) => ({ rows: await lenderPositions(tx, { agencyId: actor.agencyId, scope: actor.scope, place: 'consigneeLocation', locationId: query.locationId, consignmentId: query.consignmentId }) }),
  });

  registerTransaction(api, context, smToConsigneeTransaction, {
    list: (tx, actor, query) => listLoanReturns(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportSource: (tx, actor, query) => loanReturnExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportColumns: loanReturnExportColumns,
    exportSheet: { en: 'SM to Consignee', ar: 'من مدير الشحنة إلى المستلم' },
    get: (tx, actor, id) => getLoanReturn(tx, { agencyId: actor.agencyId, scope: actor.scope, id }),
    create: async (tx, actor, input) => ({ message: LoanMessages.loanReturnCreated, record: await createLoanReturn(tx, { ...actor, input }) }),
    reverse: (tx, actor, id, body) => reverseLoanReturn(tx, { ...actor, id, body }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/warehouseSmToConsignee/open-loans',
    permission: { anyOf: [{ module: 'WarehouseSmToConsignee', action: 'add' }] },
    tags,
    summary: 'The live loans with something outstanding in the user’s scope, at warehouses and consignee locations: the SM to Consignee form’s picker',
    response: ZOpenLoans,
    work: async (tx, actor) => ({ rows: await openLoans(tx, { agencyId: actor.agencyId, scope: actor.scope }) }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/warehouseSmToConsignee/return-sources',
    permission: { anyOf: [{ module: 'WarehouseSmToConsignee', action: 'add' }] },
    tags,
    summary: 'The borrower’s other on-hand cargo of the loan’s cargo type in the user’s scope a loan can be returned from (the SM to Consignee form’s picker)',
    querystring: ZLoanReturnSourcesQuery,
    response: ZStockPositions,
    work: async (tx, actor, { query }) => ({ rows: await loanReturnSources(tx, { agencyId: actor.agencyId, scope: actor.scope, loanId: query.loanId }) }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/loan-balance',
    permission: BALANCE_READERS,
    tags,
    summary: 'Outstanding loans per lender, borrower, consignment and cargo type (issued, returned, outstanding) in the user’s scope',
    querystring: ZLoanBalanceQuery,
    response: ZLoanBalance,
    work: (tx, actor, { query }) => loanBalance(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/loan-balance/movements',
    permission: BALANCE_READERS,
    tags,
    summary: 'The loans and loan returns of one loan balance line, oldest first, with the running outstanding',
    querystring: ZLoanMovementsQuery,
    response: ZLoanMovements,
    work: async (tx, actor, { query }) => ({ rows: await loanMovements(tx, { agencyId: actor.agencyId, scope: actor.scope, query }) }),
  });

  registerExportRoutes(api, context, {
    base: '/loan-balance',
    tags,
    summary: 'The loan balance',
    dataset: {
      key: 'report:loanBalance',
      fileName: 'loan-balance.xlsx',
      sheetName: { en: 'Loan balance', ar: 'رصيد القروض' },
      permission: BALANCE_READERS,
      query: ZLoanBalanceExportQuery,
      columns: loanBalanceExportColumns,
      source: (tx, actor, query: z.output<typeof ZLoanBalanceQuery>) => loanBalanceExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    },
  });

  // The printed transfer slip of a loan or a loan return delivered by truck, behind its screen's view flag and scope.
  registerTransferSlipPrint(api, context, consigneeToSmTransaction, {
    tags,
    slipOf: async (tx, actor, id) => (await getLoan(tx, { agencyId: actor.agencyId, scope: actor.scope, place: 'warehouse', id })).delivery?.slipId ?? null,
  });
  registerTransferSlipPrint(api, context, consigneeLocationToSmTransaction, {
    tags,
    slipOf: async (tx, actor, id) => (await getLoan(tx, { agencyId: actor.agencyId, scope: actor.scope, place: 'consigneeLocation', id })).delivery?.slipId ?? null,
  });
  registerTransferSlipPrint(api, context, smToConsigneeTransaction, {
    tags,
    slipOf: async (tx, actor, id) => (await getLoanReturn(tx, { agencyId: actor.agencyId, scope: actor.scope, id })).delivery?.slipId ?? null,
  });
}
