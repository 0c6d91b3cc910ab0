import type { FlowDiagramSource, FlowMove, FlowNode, FlowStep, Text } from '../model';
import { accountWords } from './words';
import { kgOf } from './quantities';

/*
 * What a flow's movements post, step by step, and where its cargo is at the end, worked out from the source the way the
 * ledger does it (docs/domain.md, "Stock is a ledger"): a BL puts its quantity ON_BOARD; a truck takes cargo off
 * ON_BOARD (at the port) or ON_HAND into IN_TRANSIT, and the receipt puts it ON_HAND at the destination; an ownership
 * change moves it from one owner's ON_HAND to another's at the same place; a loan on board posts nothing. A stock never
 * goes below zero: a source that would make one go negative is refused, as the ledger would refuse the posting.
 */

export type Account = { kind: keyof typeof accountWords; node?: FlowNode };

export interface LedgerLine {
  from: Account;
  to: Account;
  kg: number;
}

const key = (node: FlowNode) => `${node.place}|${node.owner}`;

/** The ledger lines of a step, from its moves (and, for a receipt, the truck it receives). */
export function stepLedger(flow: FlowDiagramSource, step: FlowStep, movesById: ReadonlyMap<string, FlowMove>): LedgerLine[] {
  const lines: LedgerLine[] = [];
  for (const move of step.moves ?? []) {
    const kg = kgOf(move.quantity);
    if (move.by === 'bl') lines.push({ from: { kind: 'VESSEL' }, to: { kind: 'ON_BOARD', node: move.to }, kg });
    else if (move.by === 'inPlace' && move.from !== 'bl') lines.push({ from: { kind: 'ON_HAND', node: move.from }, to: { kind: 'ON_HAND', node: move.to }, kg });
    else if (move.by === 'truck' && move.from !== 'bl') {
      const onBoard = flow.places[move.from.place]?.kind === 'vessel';
      lines.push({ from: { kind: onBoard ? 'ON_BOARD' : 'ON_HAND', node: move.from }, to: { kind: 'IN_TRANSIT', node: move.to }, kg });
    }
  }
  if (step.adjust) {
    const kg = kgOf(step.adjust.quantity);
    const stock: Account = { kind: flow.places[step.adjust.at.place]?.kind === 'vessel' ? 'ON_BOARD' : 'ON_HAND', node: step.adjust.at };
    const outside: Account = { kind: step.adjust.account };
    lines.push(kg < 0 ? { from: stock, to: outside, kg: -kg } : { from: outside, to: stock, kg });
  }
  if (step.receives) {
    const move = movesById.get(step.receives);
    if (move) lines.push({ from: { kind: 'IN_TRANSIT', node: move.to }, to: { kind: 'ON_HAND', node: move.to }, kg: kgOf(move.quantity) });
  }
  return lines;
}

export interface FlowOutcome {
  /** Each stock's quantity at the end, in the order stocks first appear. */
  balances: { node: FlowNode; kg: number }[];
  /** Cargo dispatched by truck and not received by a step of the case. */
  inTransitKg: number;
  loan: { issuedKg: number; returnedKg: number } | null;
}

/** Runs the flow's moves through the stocks, refusing one that takes a stock below zero. */
export function flowOutcome(flow: FlowDiagramSource): FlowOutcome {
  const balances = new Map<string, { node: FlowNode; kg: number }>();
  const add = (node: FlowNode, kg: number, step: number) => {
    const entry = balances.get(key(node)) ?? { node, kg: 0 };
    entry.kg += kg;
    balances.set(key(node), entry);
    if (entry.kg < 0) throw new Error(`help ${flow.name}: step ${step} takes the stock ${key(node)} below zero`);
  };
  const pending = new Map<string, FlowMove>();
  let issued = 0;
  let returned = 0;
  let loans = false;
  flow.steps.forEach((step, index) => {
    const number = index + 1;
    for (const move of step.moves ?? []) {
      const kg = kgOf(move.quantity);
      if (kg <= 0) throw new Error(`help ${flow.name}: step ${number} moves no cargo`);
      if (move.from !== 'bl') add(move.from, -kg, number);
      if (move.by === 'truck') {
        if (!move.id) throw new Error(`help ${flow.name}: step ${number}: a truck move needs an id for its receipt`);
        pending.set(move.id, move);
      } else add(move.to, kg, number);
      if (move.loan === 'issued') issued += kg;
      if (move.loan === 'returned') returned += kg;
      if (move.loan) loans = true;
    }
    if (step.adjust) add(step.adjust.at, kgOf(step.adjust.quantity), number);
    if (step.receives) {
      const move = pending.get(step.receives);
      if (!move) throw new Error(`help ${flow.name}: step ${number} receives '${step.receives}', which is not on the road`);
      pending.delete(step.receives);
      add(move.to, kgOf(move.quantity), number);
    }
  });
  const inTransitKg = [...pending.values()].reduce((sum, move) => sum + kgOf(move.quantity), 0);
  if (returned > issued) throw new Error(`help ${flow.name}: more returned than lent`);
  return { balances: [...balances.values()], inTransitKg, loan: loans ? { issuedKg: issued, returnedKg: returned } : null };
}

export const accountName = (account: Account): Text => accountWords[account.kind];
