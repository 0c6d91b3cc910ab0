import { APPROVAL_KIND_APPROVE_PERMISSION, INBOX_KINDS, SocketEvents, ZApiError, ZApprovalInbox, ZApprovalInboxQuery, ZApprovalDecisionInput, ZOutturnShipmentList, ZQuantityApproval, ZQuantityApprovalInput, ZQuantityApprovalList, ZVesselApprovalListQuery, ZVoyageApproval, ZVoyageApprovalInput, ZVoyageApprovalList, ZReasonBody, hasPermission, permissionFlag, type ApprovalsEvent, type StatsEvent, ZIdParams, ZRecordIdText } from '@tonnage/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../module-context';
import { access, requireAgency, requireSession } from '../../identity/access';
import { dataScopeOfSession } from '../../identity/data-scope';
import type { Db } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { notFound } from '../../platform/errors';
import { notifyApprover } from '../approvals/approvals.service';
import { approvalsInbox } from './approvals-inbox';
import { findQuantityApproval, findVoyageApproval, listQuantityApprovals, listVoyageApprovals, listVoyageShipments, type Reader } from './vessel-approval.queries';
import {
  createQuantityApproval,
  createVoyageApproval,
  decideQuantityApproval,
  decideVoyageApproval,
  reverseQuantityApproval,
  reverseVoyageApproval,
  updateQuantityApproval,
  updateVoyageApproval,
  type Actor,
  type WriteOutcome,
} from './vessel-approval.service';

const ZVoyageParams = z.object({ voyageId: ZRecordIdText });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['vessel quantity approval'];

const VOYAGE = {
  view: permissionFlag('ApprovalVessel', 'view'),
  add: permissionFlag('ApprovalVessel', 'add'),
  edit: permissionFlag('ApprovalVessel', 'edit'),
  approve: permissionFlag('ApprovalVessel', 'approve'),
  reverse: permissionFlag('ApprovalVessel', 'reverse'),
};
const BL = {
  view: permissionFlag('VesselQuantityApproval', 'view'),
  add: permissionFlag('VesselQuantityApproval', 'add'),
  edit: permissionFlag('VesselQuantityApproval', 'edit'),
  approve: permissionFlag('VesselQuantityApproval', 'approve'),
  reverse: permissionFlag('VesselQuantityApproval', 'reverse'),
};

/**
 * Vessel quantity approval (spec 2.3 `vesselQuantityApproval/vessel` and `.../quantityApproval`): the out-turn of a
 * voyage and of each BL, approved through the agency's rules; the final approval of a BL posts its difference.
 */
export function registerVesselApprovalRoutes(api: FastifyInstance, context: ModuleContext): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;

  /** Runs a read in the request's agency with the caller's data scope. */
  const read = <T>(request: FastifyRequest, work: (tx: Db, reader: Reader) => Promise<T>): Promise<T> => {
    const session = requireSession(request);
    const agencyId = requireAgency(request);
    return inAgency(db, agencyId, async (tx) => work(tx, { agencyId, userId: session.user.id, isAdmin: session.isSuperAdmin || session.isAgencyAdmin, scope: await dataScopeOfSession(tx, session) }));
  };

  /** Runs a write, then (after commit) mails the approver who became due, tells inboxes, and announces moved stock. */
  const write = async (request: FastifyRequest, work: (tx: Db, actor: Actor) => Promise<WriteOutcome>): Promise<number> => {
    const session = requireSession(request);
    const agencyId = requireAgency(request);
    const now = context.clock.now();
    const outcome = await inAgency(db, agencyId, async (tx) => work(tx, { agencyId, userId: session.user.id, isAdmin: session.isSuperAdmin || session.isAgencyAdmin, scope: await dataScopeOfSession(tx, session), now }));
    await notifyApprover(context, outcome.notice, { onError: (error) => request.log.error({ err: error }, 'approval notification failed') });
    const approvalsEvent: ApprovalsEvent = { approvalsUpdated: true };
    context.realtime.emitToAgency(agencyId, SocketEvents.events, approvalsEvent);
    if (outcome.posted) {
      const event: StatsEvent = { statsUpdated: true, type: 'vessel' };
      context.realtime.emitToAgency(agencyId, SocketEvents.events, event);
    }
    return outcome.id;
  };

  const voyageApproval = async (request: FastifyRequest, id: number) => {
    const found = await read(request, (tx, reader) => findVoyageApproval(tx, { ...reader, id }));
    if (!found) throw notFound();
    return found;
  };
  const quantityApproval = async (request: FastifyRequest, id: number) => {
    const found = await read(request, (tx, reader) => findQuantityApproval(tx, { ...reader, id }));
    if (!found) throw notFound();
    return found;
  };

  // ------------------------------------------------------------ approvals inbox

  r.get(
    '/approvals/inbox',
    {
      config: { access: access.permission(`${VOYAGE.approve},${BL.approve}`, { agency: 'required' }) },
      schema: {
        tags,
        summary: "The out-turns awaiting the signed-in user's decision (current approver, or an admin standing in for a blocked one), newest first, paged",
        querystring: ZApprovalInboxQuery,
        response: { 200: ZApprovalInbox, ...errors },
      },
    },
    (request) => {
      const session = requireSession(request);
      const kinds = INBOX_KINDS.filter((kind) => {
        const flag = APPROVAL_KIND_APPROVE_PERMISSION[kind];
        return flag !== null && hasPermission(session, flag);
      });
      return read(request, (tx, reader) => approvalsInbox(tx, { ...reader, kinds, page: request.query.page, limit: request.query.limit }));
    },
  );

  // ------------------------------------------------------------ voyage out-turns

  r.get(
    '/vesselQuantityApproval/vessel',
    {
      config: { access: access.permission(VOYAGE.view, { agency: 'required' }) },
      schema: { tags, summary: 'Voyage out-turns with their approval state (filters voyageId, status, search; paged)', querystring: ZVesselApprovalListQuery, response: { 200: ZVoyageApprovalList, ...errors } },
    },
    (request) => read(request, (tx, reader) => listVoyageApprovals(tx, { ...reader, query: request.query })),
  );

  r.get(
    '/vesselQuantityApproval/vessel/:id',
    {
      config: { access: access.permission(VOYAGE.view, { agency: 'required' }) },
      schema: { tags, summary: 'One voyage out-turn with its approval steps', params: ZIdParams, response: { 200: ZVoyageApproval, ...errors } },
    },
    (request) => voyageApproval(request, request.params.id),
  );

  r.post(
    '/vesselQuantityApproval/vessel',
    {
      config: { access: access.permission(VOYAGE.add, { agency: 'required' }) },
      schema: { tags, summary: 'Record a voyage out-turn (one per voyage) and start its approval', body: ZVoyageApprovalInput, response: { 200: ZVoyageApproval, ...errors } },
    },
    async (request) => {
      const id = await write(request, (tx, actor) => createVoyageApproval(tx, { ...actor, input: request.body }));
      return voyageApproval(request, id);
    },
  );

  r.put(
    '/vesselQuantityApproval/vessel/:id',
    {
      config: { access: access.permission(VOYAGE.edit, { agency: 'required' }) },
      schema: {
        tags,
        summary: 'Change a voyage out-turn before any decision, or after a rejection (restarts the approval)',
        params: ZIdParams,
        body: ZVoyageApprovalInput,
        response: { 200: ZVoyageApproval, ...errors },
      },
    },
    async (request) => {
      const id = await write(request, (tx, actor) => updateVoyageApproval(tx, { ...actor, id: request.params.id, input: request.body }));
      return voyageApproval(request, id);
    },
  );

  r.post(
    '/vesselQuantityApproval/vessel/:id/decision',
    {
      config: { access: access.permission(VOYAGE.approve, { agency: 'required' }) },
      schema: {
        tags,
        summary: 'Approve or reject a voyage out-turn (its current approver only)',
        params: ZIdParams,
        body: ZApprovalDecisionInput,
        response: { 200: ZVoyageApproval, ...errors },
      },
    },
    async (request) => {
      const id = await write(request, (tx, actor) => decideVoyageApproval(tx, { ...actor, id: request.params.id, input: request.body }));
      return voyageApproval(request, id);
    },
  );

  r.delete(
    '/vesselQuantityApproval/vessel/:id/reverse',
    {
      config: { access: access.permission(VOYAGE.reverse, { agency: 'required' }) },
      schema: {
        tags,
        summary: 'Reverse an approved voyage out-turn (reason required); a new out-turn may then be recorded for the voyage',
        params: ZIdParams,
        body: ZReasonBody,
        response: { 200: ZVoyageApproval, ...errors },
      },
    },
    async (request) => {
      const id = await write(request, (tx, actor) => reverseVoyageApproval(tx, { ...actor, id: request.params.id, reason: request.body.reason }));
      return voyageApproval(request, id);
    },
  );

  // ------------------------------------------------------------ BL out-turns

  r.get(
    '/vesselQuantityApproval/voyages/:voyageId/shipments',
    {
      config: { access: access.permission(`${BL.view},${BL.add},${BL.edit},${VOYAGE.view},${VOYAGE.add},${VOYAGE.edit}`, { agency: 'required' }) },
      schema: { tags, summary: 'The active BLs of a voyage with their BL quantity and out-turn, if any', params: ZVoyageParams, response: { 200: ZOutturnShipmentList, ...errors } },
    },
    (request) => read(request, (tx, reader) => listVoyageShipments(tx, { ...reader, voyageId: request.params.voyageId })),
  );

  r.get(
    '/vesselQuantityApproval/quantityApproval',
    {
      config: { access: access.permission(BL.view, { agency: 'required' }) },
      schema: { tags, summary: 'BL out-turns with excess or shortage and approval state (filters voyageId, status, search; paged)', querystring: ZVesselApprovalListQuery, response: { 200: ZQuantityApprovalList, ...errors } },
    },
    (request) => read(request, (tx, reader) => listQuantityApprovals(tx, { ...reader, query: request.query })),
  );

  r.get(
    '/vesselQuantityApproval/quantityApproval/:id',
    {
      config: { access: access.permission(BL.view, { agency: 'required' }) },
      schema: { tags, summary: 'One BL out-turn with its approval steps', params: ZIdParams, response: { 200: ZQuantityApproval, ...errors } },
    },
    (request) => quantityApproval(request, request.params.id),
  );

  r.post(
    '/vesselQuantityApproval/quantityApproval',
    {
      config: { access: access.permission(BL.add, { agency: 'required' }) },
      schema: {
        tags,
        summary: 'Record a BL out-turn (one per BL) and start its approval; posted at once when no rule applies',
        body: ZQuantityApprovalInput,
        response: { 200: ZQuantityApproval, ...errors },
      },
    },
    async (request) => {
      const id = await write(request, (tx, actor) => createQuantityApproval(tx, { ...actor, input: request.body }));
      return quantityApproval(request, id);
    },
  );

  r.put(
    '/vesselQuantityApproval/quantityApproval/:id',
    {
      config: { access: access.permission(BL.edit, { agency: 'required' }) },
      schema: {
        tags,
        summary: 'Change a BL out-turn before any decision, or after a rejection (restarts the approval)',
        params: ZIdParams,
        body: ZQuantityApprovalInput,
        response: { 200: ZQuantityApproval, ...errors },
      },
    },
    async (request) => {
      const id = await write(request, (tx, actor) => updateQuantityApproval(tx, { ...actor, id: request.params.id, input: request.body }));
      return quantityApproval(request, id);
    },
  );

  r.post(
    '/vesselQuantityApproval/quantityApproval/:id/decision',
    {
      config: { access: access.permission(BL.approve, { agency: 'required' }) },
      schema: {
        tags,
        summary: 'Approve or reject a BL out-turn (its current approver only); the final approval posts the difference to ON_BOARD',
        params: ZIdParams,
        body: ZApprovalDecisionInput,
        response: { 200: ZQuantityApproval, ...errors },
      },
    },
    async (request) => {
      const id = await write(request, (tx, actor) => decideQuantityApproval(tx, { ...actor, id: request.params.id, input: request.body }));
      return quantityApproval(request, id);
    },
  );

  r.delete(
    '/vesselQuantityApproval/quantityApproval/:id/reverse',
    {
      config: { access: access.permission(BL.reverse, { agency: 'required' }) },
      schema: {
        tags,
        summary: 'Reverse an approved BL out-turn (reason required): its posted difference is reversed; refused when the excess has been loaded already',
        params: ZIdParams,
        body: ZReasonBody,
        response: { 200: ZQuantityApproval, ...errors },
      },
    },
    async (request) => {
      const id = await write(request, (tx, actor) => reverseQuantityApproval(tx, { ...actor, id: request.params.id, reason: request.body.reason }));
      return quantityApproval(request, id);
    },
  );
}
