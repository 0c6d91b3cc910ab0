import {
  HandlingMessages,
  SocketEvents,
  ZHandlingDecision,
  ZHandlingPositionsQuery,
  ZHandlingSaved,
  ZIdParams,
  ZStockPositions,
  handlingExcessTransaction,
  handlingLossTransaction,
  type ApprovalsEvent,
  type HandlingKind,
} from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { Committed, cargoRoute, registerTransaction, type Actor } from '../../kit';
import { notifyApprover } from '../approvals/approvals.service';
import { registerDocumentRoutes } from '../procurement/documents.routes';
import { warehousePositions } from '../warehouse-dispatch/warehouse-dispatch.service';
import { handlingExportColumns } from './handling.export';
import { createHandling, decideHandling, findHandlingOwner, handlingExportSource, getHandling, listHandling, reverseHandling, type HandlingOutcome } from './handling.service';

const tags = ['handling'];

const TEXTS = {
  handlingLoss: {
    declaration: handlingLossTransaction,
    module: 'HandlingLoss',
    created: HandlingMessages.lossCreated,
    createdPending: HandlingMessages.lossCreatedPending,
    approved: HandlingMessages.lossApproved,
    rejected: HandlingMessages.lossRejected,
    sheet: { en: 'Handling losses', ar: 'فاقد المناولة' },
  },
  handlingExcess: {
    declaration: handlingExcessTransaction,
    module: 'HandlingExcess',
    created: HandlingMessages.excessCreated,
    createdPending: HandlingMessages.excessCreatedPending,
    approved: HandlingMessages.excessApproved,
    rejected: HandlingMessages.excessRejected,
    sheet: { en: 'Handling excesses', ar: 'زيادة المناولة' },
  },
} as const;

/**
 * Handling loss and handling excess (`handlingLoss`, `handlingLoss/{id}/documents`, `handlingExcess`): the kit's
 * routes of both declarations, the positions picker of their forms, the approver's decision, and the documents of
 * each record (the documents feature of sale orders and consignments). After a write that started or moved an
 * approval, the approver who became due is mailed and the inboxes are told.
 */
export function registerHandlingRoutes(api: FastifyInstance, context: ModuleContext): void {
  const answer = (actor: Actor, message: string, outcome: HandlingOutcome) =>
    new Committed(
      { message, record: outcome.record },
      {
        statsChanged: outcome.posted,
        afterCommit: async () => {
          await notifyApprover(context, outcome.notice, { onError: (error) => api.log.error({ err: error }, 'approval notification failed') });
          const approvalsEvent: ApprovalsEvent = { approvalsUpdated: true };
          context.realtime.emitToAgency(actor.agencyId, SocketEvents.events, approvalsEvent);
        },
      },
    );

  for (const kind of ['handlingLoss', 'handlingExcess'] as const satisfies readonly HandlingKind[]) {
    const texts = TEXTS[kind];
    const base = texts.declaration.api;
    registerTransaction(api, context, texts.declaration, {
      list: (tx, actor, query) => listHandling(tx, { ...actor, kind, query }),
      exportSource: (tx, actor, query) => handlingExportSource(tx, { ...actor, kind, query }),
      exportColumns: handlingExportColumns,
      exportSheet: texts.sheet,
      get: (tx, actor, id) => getHandling(tx, { ...actor, kind, id }),
      create: async (tx, actor, input) => {
        const outcome = await createHandling(tx, { ...actor, kind, input });
        return answer(actor, outcome.record.approvalStatus === 'Pending' ? texts.createdPending : texts.created, outcome);
      },
      reverse: async (tx, actor, id, body) => {
        await reverseHandling(tx, { ...actor, kind, id, body });
        return undefined;
      },
    });

    cargoRoute(api, context, {
      method: 'GET',
      url: `${base}/positions`,
      permission: { anyOf: [{ module: texts.module, action: 'add' }] },
      tags,
      summary: 'On-hand positions at warehouses in the user’s scope with on hand, committed and usable quantity: the form’s picker',
      querystring: ZHandlingPositionsQuery,
      response: ZStockPositions,
      work: async (tx, actor, { query }) => ({ rows: await warehousePositions(tx, { agencyId: actor.agencyId, scope: actor.scope, warehouseId: query.warehouseId }) }),
    });

    cargoRoute(api, context, {
      method: 'POST',
      url: `${base}/:id/decision`,
      // Who decides is the approval rule's business: the engine lets only the current approver (or an admin standing in for a blocked one).
      permission: { anyOf: [{ module: texts.module, action: 'view' }] },
      tags,
      summary: 'Approve or reject a record above the allowance (its current approver only, else 403); the final approval posts it',
      params: ZIdParams,
      body: ZHandlingDecision,
      response: ZHandlingSaved,
      work: async (tx, actor, { params, body }) => {
        const outcome = await decideHandling(tx, { ...actor, kind, id: params.id, input: body });
        return answer(actor, body.decision === 'Approved' ? texts.approved : texts.rejected, outcome);
      },
    });

    registerDocumentRoutes(api, context, {
      base,
      ownerType: kind,
      permissionModule: texts.module,
      tag: 'handling',
      findOwner: (tx, params) => findHandlingOwner(tx, { agencyId: params.agencyId, scope: params.scope, kind, id: params.id }),
    });
  }
}
