import { ApprovalMessages, type ApprovalKind } from '@tonnage/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inAgency } from '../../platform/db/tenancy';
import { AppError } from '../../platform/errors';
import { makeAgency, makeUser } from '../../test/fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { users } from '../../identity/users.schema';
import { saveApprovalRule } from './approval-rules.service';
import { approvalSteps } from './approvals.schema';
import { approvalState, decideApproval, notifyApprover, startApproval, type ApprovalOutcome } from './approvals.service';

let t: TestApp;
let agencyId: number;
let otherAgencyId: number;
const people = { creator: 0, first: 0, second: 0, third: 0, outsider: 0 };
let nextTransactionId = 1000;

const newTransactionId = () => ++nextTransactionId;
const now = new Date('2026-11-21T09:00:00Z');

async function setRule(kind: ApprovalKind, userIds: number[]): Promise<void> {
  await inAgency(t.database.db, agencyId, (tx) =>
    saveApprovalRule(tx, {
      agencyId,
      kind,
      input: { kind, approvers: userIds.map((userId, i) => ({ order: i + 1, userId })) },
      actorId: people.creator,
      now,
    }),
  );
}

function start(kind: ApprovalKind, transactionId: number, options: { restart?: boolean } = {}): Promise<ApprovalOutcome> {
  return inAgency(t.database.db, agencyId, (tx) => startApproval(tx, { agencyId, kind, transactionId, createdBy: people.creator, now, ...options }));
}

function decide(kind: ApprovalKind, transactionId: number, userId: number, decision: 'Approved' | 'Rejected', comment?: string): Promise<ApprovalOutcome> {
  return inAgency(t.database.db, agencyId, (tx) => decideApproval(tx, { agencyId, kind, transactionId, userId, decision, comment: comment ?? null, now }));
}

function stateFor(kind: ApprovalKind, transactionId: number, userId: number, inAgencyId = agencyId) {
  return inAgency(t.database.db, inAgencyId, (tx) => approvalState(tx, { agencyId: inAgencyId, kind, transactionId, userId }));
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  agencyId = (await makeAgency(db)).id;
  otherAgencyId = (await makeAgency(db)).id;
  people.creator = (await makeUser(db, { kind: 'agencyUser', agencyId, firstName: 'Carla' })).id;
  people.first = (await makeUser(db, { kind: 'agencyUser', agencyId, firstName: 'Fatima', email: 'fatima@agency.test' })).id;
  people.second = (await makeUser(db, { kind: 'agencyUser', agencyId, firstName: 'Sami', email: 'sami@agency.test' })).id;
  people.third = (await makeUser(db, { kind: 'agencyAdmin', agencyId, firstName: 'Tariq', email: 'tariq@agency.test' })).id;
  people.outsider = (await makeUser(db, { kind: 'agencyUser', agencyId: otherAgencyId })).id;
  await setRule('handlingLoss', [people.first, people.second, people.third]);
  await setRule('swapCargo', [people.first]);
});

afterAll(async () => {
  await t.close();
});

describe('startApproval', () => {
  it('approves at once when the kind has no rule, with no steps and nobody to notify', async () => {
    const outcome = await start('voyageApproval', newTransactionId());
    expect(outcome.state).toEqual({ status: 'Approved', steps: [], nextApproverId: null, isCurrentApprover: false, nextApproverBlocked: false, mayStandIn: false });
    expect(outcome.notice).toBeNull();
  });

  it('copies the rule’s approvers as Pending steps and names the first approver', async () => {
    const transactionId = newTransactionId();
    const outcome = await start('handlingLoss', transactionId);
    expect(outcome.state.status).toBe('Pending');
    expect(outcome.state.nextApproverId).toBe(people.first);
    expect(outcome.state.isCurrentApprover).toBe(false);
    expect(outcome.state.steps.map((s) => [s.order, s.userId, s.status, s.userName])).toEqual([
      [1, people.first, 'Pending', 'Fatima'],
      [2, people.second, 'Pending', 'Sami'],
      [3, people.third, 'Pending', 'Tariq'],
    ]);
    expect(outcome.notice).toEqual({ agencyId, kind: 'handlingLoss', transactionId, approverId: people.first, pagePath: null });
    const rows = await t.database.db.select().from(approvalSteps).where(eq(approvalSteps.transactionId, transactionId));
    expect(rows.every((r) => r.agencyId === agencyId && r.createdBy === people.creator && r.decidedAt === null)).toBe(true);
  });

  it('keeps the approvers it started with when the rule changes later', async () => {
    await setRule('ownershipTransfer', [people.first, people.second]);
    const transactionId = newTransactionId();
    await start('ownershipTransfer', transactionId);
    await setRule('ownershipTransfer', [people.third]);
    const state = await stateFor('ownershipTransfer', transactionId, people.first);
    expect(state.steps.map((s) => s.userId)).toEqual([people.first, people.second]);
    expect(state.isCurrentApprover).toBe(true);
  });

  it('refuses a second start of the same transaction, and restarts on request', async () => {
    const transactionId = newTransactionId();
    await start('handlingLoss', transactionId);
    await decide('handlingLoss', transactionId, people.first, 'Rejected');
    const again = await failure(start('handlingLoss', transactionId));
    expect([again.statusCode, again.message]).toEqual([409, 'The approval of this transaction has already started.']);
    const restarted = await start('handlingLoss', transactionId, { restart: true });
    expect(restarted.state.status).toBe('Pending');
    expect(restarted.state.steps.every((s) => s.status === 'Pending')).toBe(true);
  });

  it('refuses to start when an approver of the rule is no longer active, and writes nothing', async () => {
    const leaving = await makeUser(t.database.db, { kind: 'agencyUser', agencyId, firstName: 'Leila' });
    await setRule('handlingExcess', [people.first, leaving.id]);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, leaving.id));
    const transactionId = newTransactionId();
    const error = await failure(start('handlingExcess', transactionId));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(ApprovalMessages.approverInactive);
    expect(error.details).toEqual({ approver: 'Leila' });
    expect(await t.database.db.select().from(approvalSteps).where(eq(approvalSteps.transactionId, transactionId))).toEqual([]);
  });
});

describe('decideApproval', () => {
  it('walks Pending → Approved through every approver in order, notifying each new one', async () => {
    const transactionId = newTransactionId();
    await start('handlingLoss', transactionId);

    const one = await decide('handlingLoss', transactionId, people.first, 'Approved', '  fine  ');
    expect(one.state.status).toBe('Pending');
    expect(one.state.nextApproverId).toBe(people.second);
    expect(one.notice?.approverId).toBe(people.second);
    expect(one.state.steps[0]).toMatchObject({ status: 'Approved', comment: 'fine', decidedAt: now.toISOString() });

    const two = await decide('handlingLoss', transactionId, people.second, 'Approved');
    expect(two.notice?.approverId).toBe(people.third);
    expect((await stateFor('handlingLoss', transactionId, people.third)).isCurrentApprover).toBe(true);

    const three = await decide('handlingLoss', transactionId, people.third, 'Approved');
    expect(three.state.status).toBe('Approved');
    expect(three.state.nextApproverId).toBeNull();
    expect(three.notice).toBeNull();

    const late = await failure(decide('handlingLoss', transactionId, people.third, 'Rejected'));
    expect([late.statusCode, late.message]).toEqual([409, ApprovalMessages.alreadyDecided]);
    const [decided] = await t.database.db
      .select()
      .from(approvalSteps)
      .where(and(eq(approvalSteps.transactionId, transactionId), eq(approvalSteps.userId, people.second)));
    expect(decided?.decidedBy).toBe(people.second);
  });

  it('ends Pending → Rejected at the first rejection; nobody is due afterwards', async () => {
    const transactionId = newTransactionId();
    await start('handlingLoss', transactionId);
    await decide('handlingLoss', transactionId, people.first, 'Approved');
    const rejected = await decide('handlingLoss', transactionId, people.second, 'Rejected', 'Wrong quantity');
    expect(rejected.state.status).toBe('Rejected');
    expect(rejected.state.nextApproverId).toBeNull();
    expect(rejected.notice).toBeNull();
    expect(rejected.state.steps.map((s) => s.status)).toEqual(['Approved', 'Rejected', 'Pending']);
    const third = await failure(decide('handlingLoss', transactionId, people.third, 'Approved'));
    expect([third.statusCode, third.message]).toEqual([409, ApprovalMessages.alreadyDecided]);
    expect((await stateFor('handlingLoss', transactionId, people.third)).isCurrentApprover).toBe(false);
  });

  it('lets only the current approver decide (403) and changes nothing otherwise', async () => {
    const transactionId = newTransactionId();
    await start('handlingLoss', transactionId);
    for (const userId of [people.second, people.third, people.creator, people.outsider]) {
      const error = await failure(decide('handlingLoss', transactionId, userId, 'Approved'));
      expect([error.statusCode, error.message]).toEqual([403, 'You are not the current approver of this transaction.']);
    }
    const state = await stateFor('handlingLoss', transactionId, people.first);
    expect(state.steps.every((s) => s.status === 'Pending')).toBe(true);
    expect(state.isCurrentApprover).toBe(true);
  });

  it('refuses a decision on a transaction without an approval (409) and a comment over 1000 characters (400)', async () => {
    const none = await failure(decide('handlingLoss', newTransactionId(), people.first, 'Approved'));
    expect([none.statusCode, none.message]).toEqual([409, 'This transaction has no approval under way.']);
    const transactionId = newTransactionId();
    await start('handlingLoss', transactionId);
    const long = await failure(decide('handlingLoss', transactionId, people.first, 'Rejected', 'x'.repeat(1001)));
    expect([long.statusCode, long.details]).toEqual([400, { comment: 'Maximum 1000 characters' }]);
    expect((await stateFor('handlingLoss', transactionId, people.first)).status).toBe('Pending');
  });

  it('lets exactly one of two simultaneous decisions by the same approver through', async () => {
    for (const kind of ['swapCargo', 'handlingLoss'] as const) {
      for (let round = 0; round < 5; round++) {
        const transactionId = newTransactionId();
        await start(kind, transactionId);
        const results = await Promise.allSettled([
          decide(kind, transactionId, people.first, 'Approved'),
          decide(kind, transactionId, people.first, round % 2 === 0 ? 'Approved' : 'Rejected'),
        ]);
        const passed = results.filter((r) => r.status === 'fulfilled');
        const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
        expect(passed).toHaveLength(1);
        expect(refused).toHaveLength(1);
        expect(refused[0]).toBeInstanceOf(AppError);
        expect([403, 409]).toContain((refused[0] as AppError).statusCode);
        const state = await stateFor(kind, transactionId, people.first);
        expect(state.steps.filter((s) => s.status !== 'Pending')).toHaveLength(1);
      }
    }
  });

  // PGlite has one connection, so transactions cannot overlap there; the PostgreSQL run shows the lock at work.
  it.skipIf(testEngine !== 'postgres')('makes a second decision wait for the first one’s lock, then refuses it (PostgreSQL)', async () => {
    // Hold the first decision's lock open while the second starts: the second must wait, then be refused.
    const transactionId = newTransactionId();
    await start('swapCargo', transactionId);
    let releaseFirst = () => undefined as void;
    const firstHolds = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstLocked = () => undefined as void;
    const locked = new Promise<void>((resolve) => {
      firstLocked = resolve;
    });
    const first = inAgency(t.database.db, agencyId, async (tx) => {
      const outcome = await decideApproval(tx, { agencyId, kind: 'swapCargo', transactionId, userId: people.first, decision: 'Approved', now });
      firstLocked();
      await firstHolds;
      return outcome;
    });
    await locked;
    const second = decide('swapCargo', transactionId, people.first, 'Rejected');
    let secondSettled = false;
    void second.then(
      () => (secondSettled = true),
      () => (secondSettled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondSettled).toBe(false);
    releaseFirst();
    expect((await first).state.status).toBe('Approved');
    const error = await failure(second);
    expect(error.statusCode).toBe(409);
    expect((await stateFor('swapCargo', transactionId, people.first)).status).toBe('Approved');
  });
});

describe('approvalState and isolation', () => {
  it('says who is current, per user', async () => {
    const transactionId = newTransactionId();
    await start('handlingLoss', transactionId);
    expect((await stateFor('handlingLoss', transactionId, people.first)).isCurrentApprover).toBe(true);
    expect((await stateFor('handlingLoss', transactionId, people.second)).isCurrentApprover).toBe(false);
  });

  it('shows nothing of the transaction to another agency, even with the same ids', async () => {
    const transactionId = newTransactionId();
    await start('handlingLoss', transactionId);
    const foreign = await stateFor('handlingLoss', transactionId, people.outsider, otherAgencyId);
    expect(foreign.steps).toEqual([]);
    // A forgotten agency filter still sees nothing: row-level security scopes the transaction.
    const leaked = await inAgency(t.database.db, otherAgencyId, (tx) => tx.select().from(approvalSteps));
    expect(leaked).toEqual([]);
  });
});

describe('notifyApprover', () => {
  it('mails the approver who became due, with the transaction and a link', async () => {
    const transactionId = newTransactionId();
    const started = await start('handlingLoss', transactionId);
    t.mailer.sent.length = 0;
    expect(await notifyApprover(t.context, started.notice)).toBe(true);
    const decided = await decide('handlingLoss', transactionId, people.first, 'Approved');
    expect(await notifyApprover(t.context, decided.notice)).toBe(true);
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['fatima@agency.test', 'sami@agency.test']);
    const mail = t.mailer.sent[1];
    expect(mail?.subject).toBe(`Tonnage: Handling loss #${transactionId} awaits your approval`);
    expect(mail?.text).toContain('Hello Sami,');
    expect(mail?.text).toContain(`${t.config.publicUrl}/agencies/${agencyId}/dashboard`);
  });

  it('sends nothing without a notice, and never throws when the mail fails', async () => {
    expect(await notifyApprover(t.context, null)).toBe(false);
    const errors: unknown[] = [];
    const broken = { ...t.context, mailer: { send: () => Promise.reject(new Error('SMTP down')) } };
    const notice = { agencyId, kind: 'handlingLoss' as const, transactionId: 1, approverId: people.first, pagePath: 'handlingLoss' };
    expect(await notifyApprover(broken, notice, { onError: (e) => errors.push(e) })).toBe(false);
    expect(String(errors[0])).toMatch(/SMTP down/);
  });
});
