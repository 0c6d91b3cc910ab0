import { ZQuantityApproval, ZQuantityApprovalInput, ZVoyageApproval, ZVoyageApprovalInput } from '@tonnage/contracts';
import type { TransactionFormDeclaration } from '../../components/transactions/form/transaction-form';

/*
 * What the transaction form shell needs of the two out-turns, until their transaction declarations (contracts,
 * kit-server) replace these: one key each (their records must not share a cache entry), the API, the input schema
 * the server checks and the sections of the form. Display cells (`blTotal`, `blQuantity`) sit among the fields.
 */

/** The voyage out-turn: `vesselQuantityApproval/vessel`. */
export const voyageApprovalForm = {
  key: 'voyageApproval',
  api: '/vesselQuantityApproval/vessel',
  route: 'vesselQuantityApproval/vessel',
  schemas: { input: ZVoyageApprovalInput, row: ZVoyageApproval },
  form: { sections: [{ title: '', rows: [['voyageId', 'surveyDate'], ['dischargedQuantity', 'blTotal'], ['remarks']] }] },
} satisfies TransactionFormDeclaration & { route: string };

/** The BL out-turn: `vesselQuantityApproval/quantityApproval`. */
export const quantityApprovalForm = {
  key: 'quantityApproval',
  api: '/vesselQuantityApproval/quantityApproval',
  route: 'vesselQuantityApproval/quantityApproval',
  schemas: { input: ZQuantityApprovalInput, row: ZQuantityApproval },
  form: { sections: [{ title: '', rows: [['voyageId', 'shipmentId'], ['dischargedQuantity', 'blQuantity'], ['remarks']] }] },
} satisfies TransactionFormDeclaration & { route: string };
