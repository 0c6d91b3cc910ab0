import { kgToTonnes, tonnesToKg, type OutturnStatus, type TApprovalState } from '@tonnage/contracts';

/*
 * The logic of the out-turn screens without React: the excess or shortage as the user types, how a row's approval
 * reads (status, who is due, whether the viewer may decide or edit).
 */

const TYPED_TONNES = /^\d{1,9}(\.\d{0,3})?$/;

/**
 * Discharged minus BL, exact to the kilogram ('12.345' excess, '-2.500' shortage), or null while the typed text
 * is not a quantity in MT with at most 3 decimals. Never a floating-point subtraction.
 */
export function outturnDifference(blQuantity: string | null | undefined, discharged: string | number | null | undefined): string | null {
  if (blQuantity === null || blQuantity === undefined || discharged === null || discharged === undefined) return null;
  const typed = String(discharged).trim().replace(/\.$/, '');
  if (!TYPED_TONNES.test(typed)) return null;
  try {
    return kgToTonnes(tonnesToKg(typed) - tonnesToKg(blQuantity));
  } catch {
    return null;
  }
}

/** The exact sum of quantities in MT ('1000.000'), e.g. a voyage's BL total. */
export function sumTonnes(values: readonly string[]): string {
  return kgToTonnes(values.reduce((sum, value) => sum + tonnesToKg(value), 0n));
}

export type DifferenceKind = 'excess' | 'shortage' | 'nil';

/** Whether a difference is an excess (more discharged than the BL), a shortage, or nil. */
export function differenceKind(difference: string): DifferenceKind {
  const kg = tonnesToKg(difference);
  return kg > 0n ? 'excess' : kg < 0n ? 'shortage' : 'nil';
}

/** The colour of an out-turn's (or an approval step's) status tag. */
export function statusColor(status: OutturnStatus): string {
  switch (status) {
    case 'Reversed':
      return 'default';
    case 'Approved':
      return 'success';
    case 'Rejected':
      return 'error';
    case 'Pending':
      return 'processing';
  }
}

/** Whether an out-turn can be reversed: only an approved one (the server refuses the others too). */
export function isReversible(row: { status: OutturnStatus }): boolean {
  return row.status === 'Approved';
}

/** The name of the approver who is due, or null when nobody is (approved, rejected, or no rule). */
export function nextApproverName(state: TApprovalState): string | null {
  if (state.nextApproverId === null) return null;
  return state.steps.find((step) => step.userId === state.nextApproverId && step.status === 'Pending')?.userName ?? null;
}

/**
 * Whether the viewer sees Approve / Reject: they are the current approver of a Pending out-turn, or an admin who
 * may decide in place of a current approver who can no longer approve (the server decides who may).
 */
export function canDecide(state: TApprovalState): boolean {
  return state.status === 'Pending' && (state.isCurrentApprover || state.mayStandIn);
}

/**
 * Whether the out-turn can still be changed: before the first decision, or after a rejection (which restarts its
 * approval). Approved ones are read-only (the server refuses them too).
 */
export function isEditable(state: TApprovalState): boolean {
  if (state.status === 'Approved') return false;
  if (state.status === 'Rejected') return true;
  return state.steps.every((step) => step.status === 'Pending');
}
