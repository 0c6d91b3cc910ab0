import { APPROVAL_STATUSES } from '@tonnage/contracts';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenancy';
import { agencies } from '../../identity/agencies.schema';
import { users } from '../../identity/users.schema';

export const approvalStatus = pgEnum('approval_status', APPROVAL_STATUSES);

/**
 * One approval rule of an agency per kind of transaction (`APPROVAL_KINDS` in the contracts). The kind is text,
 * not an enum, so later issues add kinds in the contracts without a type migration.
 */
export const approvalRules = pgTable(
  'approval_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id),
  },
  (t) => [uniqueIndex('approval_rules_agency_kind_unique').on(t.agencyId, t.kind), tenantPolicy('approval_rules')],
);

/** The approvers of a rule, in order (1..n without gaps; the service renumbers what it is given). */
export const approvalRuleApprovers = pgTable(
  'approval_rule_approvers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => approvalRules.id, { onDelete: 'cascade' }),
    stepOrder: integer('step_order').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    uniqueIndex('approval_rule_approvers_rule_order_unique').on(t.ruleId, t.stepOrder),
    uniqueIndex('approval_rule_approvers_rule_user_unique').on(t.ruleId, t.userId),
    index('approval_rule_approvers_user_idx').on(t.userId),
    tenantPolicy('approval_rule_approvers'),
  ],
);

/**
 * The approval of one transaction: the rule's approvers copied when the approval started, so later rule changes
 * do not move transactions already under way. One row per approver, decided in order.
 */
export const approvalSteps = pgTable(
  'approval_steps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    kind: text('kind').notNull(),
    transactionId: integer('transaction_id').notNull(),
    stepOrder: integer('step_order').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: approvalStatus('status').notNull().default('Pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    comment: text('comment'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('approval_steps_transaction_order_unique').on(t.agencyId, t.kind, t.transactionId, t.stepOrder),
    index('approval_steps_user_status_idx').on(t.agencyId, t.userId, t.status),
    tenantPolicy('approval_steps'),
  ],
);
