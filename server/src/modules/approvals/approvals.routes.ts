import { APPROVAL_KINDS, ApprovalMessages as M, ZApiError, ZApprovalRule, ZApprovalRuleInput, ZApprovalRuleList, ZMessageResponse, hasPermission, permissionFlag } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../module-context';
import { access, requireAgency, requireSession } from '../../identity/access';
import { inAgency } from '../../platform/db/tenancy';
import { badRequest, forbidden } from '../../platform/errors';
import { deleteApprovalRule, findApprovalRule, getApprovalRule, listApprovalRules, saveApprovalRule } from './approval-rules.service';

const ZKindParams = z.object({ kind: z.enum(APPROVAL_KINDS, { error: M.unknownKind }) });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['approval rules'];
const VIEW = permissionFlag('ApprovalRule', 'view');
const ADD = permissionFlag('ApprovalRule', 'add');
const EDIT = permissionFlag('ApprovalRule', 'edit');
const KIND_MISMATCH = M.kindMismatch;

/** Approval rules of the selected agency (screen `approvalRules`): one ordered list of approvers per kind. */
export function registerApprovalRoutes(api: FastifyInstance, context: ModuleContext): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;

  r.get(
    '/approval-rules',
    {
      config: { access: access.permission(VIEW, { agency: 'required' }) },
      schema: { tags, summary: 'Every approval rule of the agency, with approver names', response: { 200: ZApprovalRuleList, ...errors } },
    },
    (request) => {
      const agencyId = requireAgency(request);
      return inAgency(db, agencyId, (tx) => listApprovalRules(tx, { agencyId }));
    },
  );

  r.get(
    '/approval-rules/:kind',
    {
      config: { access: access.permission(VIEW, { agency: 'required' }) },
      schema: { tags, summary: 'The approval rule of one transaction type (404 when none)', params: ZKindParams, response: { 200: ZApprovalRule, ...errors } },
    },
    (request) => {
      const agencyId = requireAgency(request);
      return inAgency(db, agencyId, (tx) => getApprovalRule(tx, { agencyId, kind: request.params.kind }));
    },
  );

  r.put(
    '/approval-rules/:kind',
    {
      config: { access: access.permission(`${ADD},${EDIT}`, { agency: 'required' }) },
      schema: {
        tags,
        summary: 'Create (add permission) or replace (edit permission) the approval rule of a transaction type',
        params: ZKindParams,
        body: ZApprovalRuleInput,
        response: { 200: ZApprovalRule, ...errors },
      },
    },
    (request) => {
      const session = requireSession(request);
      const agencyId = requireAgency(request);
      const { kind } = request.params;
      if (request.body.kind !== kind) throw badRequest(KIND_MISMATCH, { kind: KIND_MISMATCH });
      return inAgency(db, agencyId, async (tx) => {
        const existing = await findApprovalRule(tx, { agencyId, kind });
        if (!hasPermission(session, existing ? EDIT : ADD)) throw forbidden();
        return saveApprovalRule(tx, { agencyId, kind, input: request.body, actorId: session.user.id, now: context.clock.now() });
      });
    },
  );

  r.delete(
    '/approval-rules/:kind',
    {
      config: { access: access.permission(EDIT, { agency: 'required' }) },
      schema: {
        tags,
        summary: 'Remove the approval rule of a transaction type (its transactions then need no approval)',
        params: ZKindParams,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const agencyId = requireAgency(request);
      await inAgency(db, agencyId, (tx) => deleteApprovalRule(tx, { agencyId, kind: request.params.kind, actorId: session.user.id, now: context.clock.now() }));
      return { message: M.ruleRemoved };
    },
  );
}
