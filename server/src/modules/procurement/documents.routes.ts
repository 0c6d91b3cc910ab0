import { ProcurementMessages, ZApiError, ZDocument, ZDocumentCreate, ZDocumentList, ZMessageResponse, ZReasonBody, permissionFlag, ZIdParams, ZRecordIdText } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../module-context';
import { access } from '../../identity/access';
import type { Actor } from '../../kit/actor';
import { runCommand } from '../../kit/route';
import type { Db } from '../../platform/db/client';
import { conflict } from '../../platform/errors';
import { attachDocument, deleteDocument, listDocuments } from './documents.service';

const ZDocumentParams = ZIdParams.extend({ docId: ZRecordIdText });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** How a record that carries documents is found: throws 404 when the user may not see it; gives its status. */
export type FindDocumentOwner = (tx: Db, params: Pick<Actor, 'agencyId' | 'userId' | 'scope'> & { id: number }) => Promise<{ status: string }>;

/**
 * `GET|POST {base}/:id/documents` and `DELETE {base}/:id/documents/:docId` for one kind of record (sale orders,
 * consignments; handling losses later): view flag to read, add or edit to attach, edit or reverse to delete.
 */
export function registerDocumentRoutes(
  api: FastifyInstance,
  context: ModuleContext,
  options: { base: string; ownerType: string; permissionModule: string; tag: string; findOwner: FindDocumentOwner },
): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { base, ownerType, permissionModule, findOwner } = options;
  const tags = [options.tag];
  const flag = (action: 'view' | 'add' | 'edit' | 'reverse') => permissionFlag(permissionModule, action);

  // The web asks `{base}/{id}/documents/?query`; both spellings answer.
  for (const url of [`${base}/:id/documents`, `${base}/:id/documents/`]) {
    r.get(
      url,
      {
        config: { access: access.permission(flag('view'), { agency: 'required' }) },
        schema: { tags, summary: 'Documents attached to the record', hide: url.endsWith('/'), params: ZIdParams, response: { 200: ZDocumentList, ...errors } },
      },
      (request) =>
        runCommand(context, request, async (tx, actor) => {
          await findOwner(tx, { ...actor, id: request.params.id });
          return listDocuments(tx, { agencyId: actor.agencyId, ownerType, ownerId: request.params.id, config: context.config });
        }),
    );
  }

  r.post(
    `${base}/:id/documents`,
    {
      config: { access: access.permission(`${flag('add')},${flag('edit')}`, { agency: 'required' }) },
      schema: {
        tags,
        summary: 'Attach a file uploaded to the documents folder (POST /api/uploads/file?directory=documents)',
        params: ZIdParams,
        body: ZDocumentCreate,
        response: { 201: ZDocument, ...errors },
      },
    },
    async (request, reply) => {
      const document = await runCommand(context, request, async (tx, actor) => {
        const owner = await findOwner(tx, { ...actor, id: request.params.id });
        if (owner.status !== 'Active') throw conflict(ProcurementMessages.reversed);
        return attachDocument(tx, {
          agencyId: actor.agencyId,
          ownerType,
          ownerId: request.params.id,
          config: context.config,
          input: request.body,
          userId: actor.userId,
          now: actor.now,
        });
      });
      return reply.status(201).send(document);
    },
  );

  r.delete(
    `${base}/:id/documents/:docId`,
    {
      config: { access: access.permission(`${flag('edit')},${flag('reverse')}`, { agency: 'required' }) },
      schema: { tags, summary: 'Delete a document (kept, marked deleted with the reason; the file stays)', params: ZDocumentParams, body: ZReasonBody, response: { 200: ZMessageResponse, ...errors } },
    },
    async (request) => {
      await runCommand(context, request, async (tx, actor) => {
        await findOwner(tx, { ...actor, id: request.params.id });
        await deleteDocument(tx, {
          agencyId: actor.agencyId,
          ownerType,
          ownerId: request.params.id,
          documentId: request.params.docId,
          reason: request.body.reason,
          userId: actor.userId,
          now: actor.now,
        });
      });
      return { message: ProcurementMessages.documentDeleted };
    },
  );
}
