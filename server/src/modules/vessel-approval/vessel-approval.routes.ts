import { INBOX_KINDS, INBOX_KIND_PERMISSION, SocketEvents, ZApprovalDecisionInput, ZApprovalInbox, ZApprovalInboxQuery, ZIdParams, ZOutturnShipmentList, ZQuantityApproval, ZRecordIdText, ZVoyageApproval, hasPermission, quantityApprovalTransaction, voyageApprovalTransaction, type ApprovalsEvent } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ModuleContext } from '../module-context';
import { Committed, cargoRoute, registerTransaction, type Actor } from '../../kit';
import { requireSession } from '../../identity/access';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { notifyApprover } from '../approvals/approvals.service';
import { approvalsInbox } from './approvals-inbox';
import { findQuantityApproval, findVoyageApproval, listQuantityApprovals, listVoyageApprovals, listVoyageShipments } from './vessel-approval.queries';
import {
  createQuantityApproval,
  createVoyageApproval,
  decideQuantityApproval,
  decideVoyageApproval,
  reverseQuantityApproval,
  reverseVoyageApproval,
  updateQuantityApproval,
  updateVoyageApproval,
  type WriteOutcome,
} from './vessel-approval.service';

const ZVoyageParams = z.object({ voyageId: ZRecordIdText });
const tags = ['vessel quantity approval'];

/**
 * Vessel quantity approval (spec 2.3 `vesselQuantityApproval/vessel` and `.../quantityApproval`): the out-turn of a
 * voyage and of each BL, approved through the agency's rules; the final approval of a BL posts its difference.
 * Every write answers the record; after its commit the approver who became due is mailed, the inboxes are told,
 * and the vessel figures are announced when stock moved.
 */
export function registerVesselApprovalRoutes(api: FastifyInstance, context: ModuleContext): void {
  /** The record a write answers, read in its transaction, with the write's after-commit work. */
  const answer = <T>(actor: Actor, outcome: WriteOutcome, record: T | undefined): Committed<T> => {
    if (!record) throw notFound();
    return new Committed(record, {
      statsChanged: outcome.posted,
      afterCommit: async () => {
        await notifyApprover(context, outcome.notice, { onError: (error) => api.log.error({ err: error }, 'approval notification failed') });
        const approvalsEvent: ApprovalsEvent = { approvalsUpdated: true };
        context.realtime.emitToAgency(actor.agencyId, SocketEvents.events, approvalsEvent);
      },
    });
  };
  const voyageAnswer = async (tx: Db, actor: Actor, outcome: WriteOutcome) => answer(actor, outcome, await findVoyageApproval(tx, { ...actor, id: outcome.id }));
  const quantityAnswer = async (tx: Db, actor: Actor, outcome: WriteOutcome) => answer(actor, outcome, await findQuantityApproval(tx, { ...actor, id: outcome.id }));
  const found = <T>(record: T | undefined): T => {
    if (!record) throw notFound();
    return record;
  };

  // ------------------------------------------------------------ approvals inbox

  cargoRoute(api, context, {
    method: 'GET',
    url: '/approvals/inbox',
    permission: {
      anyOf: [
        { module: 'ApprovalVessel', action: 'approve' },
        { module: 'VesselQuantityApproval', action: 'approve' },
        { module: 'HandlingLoss', action: 'view' },
        { module: 'HandlingExcess', action: 'view' },
      ],
    },
    tags,
    summary: "The out-turns and handling records awaiting the signed-in user's decision (current approver, or an admin standing in for a blocked one), newest first, paged",
    querystring: ZApprovalInboxQuery,
    response: ZApprovalInbox,
    work: (tx, actor, { query, request }) => {
      const session = requireSession(request);
      const kinds = INBOX_KINDS.filter((kind) => hasPermission(session, INBOX_KIND_PERMISSION[kind]));
      return approvalsInbox(tx, { ...actor, kinds, page: query.page, limit: query.limit });
    },
  });

  // ------------------------------------------------------------ voyage out-turns

  registerTransaction(api, context, voyageApprovalTransaction, {
    list: (tx, actor, query) => listVoyageApprovals(tx, { ...actor, query }),
    get: async (tx, actor, id) => found(await findVoyageApproval(tx, { ...actor, id })),
    create: async (tx, actor, input) => voyageAnswer(tx, actor, await createVoyageApproval(tx, { ...actor, input })),
    update: async (tx, actor, id, input) => voyageAnswer(tx, actor, await updateVoyageApproval(tx, { ...actor, id, input })),
    reverse: async (tx, actor, id, body) => voyageAnswer(tx, actor, await reverseVoyageApproval(tx, { ...actor, id, reason: body.reason })),
  });

  cargoRoute(api, context, {
    method: 'POST',
    url: '/vesselQuantityApproval/vessel/:id/decision',
    permission: { anyOf: [{ module: 'ApprovalVessel', action: 'approve' }] },
    tags,
    summary: 'Approve or reject a voyage out-turn (its current approver only)',
    params: ZIdParams,
    body: ZApprovalDecisionInput,
    response: ZVoyageApproval,
    event: 'vessel',
    work: async (tx, actor, { params, body }) => voyageAnswer(tx, actor, await decideVoyageApproval(tx, { ...actor, id: params.id, input: body })),
  });

  // ------------------------------------------------------------ BL out-turns

  cargoRoute(api, context, {
    method: 'GET',
    url: '/vesselQuantityApproval/voyages/:voyageId/shipments',
    permission: {
      anyOf: [
        { module: 'VesselQuantityApproval', action: 'view' },
        { module: 'VesselQuantityApproval', action: 'add' },
        { module: 'VesselQuantityApproval', action: 'edit' },
        { module: 'ApprovalVessel', action: 'view' },
        { module: 'ApprovalVessel', action: 'add' },
        { module: 'ApprovalVessel', action: 'edit' },
      ],
    },
    tags,
    summary: 'The active BLs of a voyage with their BL quantity and out-turn, if any',
    params: ZVoyageParams,
    response: ZOutturnShipmentList,
    work: (tx, actor, { params }) => listVoyageShipments(tx, { ...actor, voyageId: params.voyageId }),
  });

  registerTransaction(api, context, quantityApprovalTransaction, {
    list: (tx, actor, query) => listQuantityApprovals(tx, { ...actor, query }),
    get: async (tx, actor, id) => found(await findQuantityApproval(tx, { ...actor, id })),
    create: async (tx, actor, input) => quantityAnswer(tx, actor, await createQuantityApproval(tx, { ...actor, input })),
    update: async (tx, actor, id, input) => quantityAnswer(tx, actor, await updateQuantityApproval(tx, { ...actor, id, input })),
    reverse: async (tx, actor, id, body) => quantityAnswer(tx, actor, await reverseQuantityApproval(tx, { ...actor, id, reason: body.reason })),
  });

  cargoRoute(api, context, {
    method: 'POST',
    url: '/vesselQuantityApproval/quantityApproval/:id/decision',
    permission: { anyOf: [{ module: 'VesselQuantityApproval', action: 'approve' }] },
    tags,
    summary: 'Approve or reject a BL out-turn (its current approver only); the final approval posts the difference to ON_BOARD',
    params: ZIdParams,
    body: ZApprovalDecisionInput,
    response: ZQuantityApproval,
    event: 'vessel',
    work: async (tx, actor, { params, body }) => quantityAnswer(tx, actor, await decideQuantityApproval(tx, { ...actor, id: params.id, input: body })),
  });
}
