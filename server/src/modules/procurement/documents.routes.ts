import { ProcurementMessages, ZApiError, ZDocument, ZDocumentCreate, ZDocumentList, ZMessageResponse, ZReasonBody, permissionFlag, ZIdParams, ZRecordIdText } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../module-context';
import type { SessionContext } from '../../identity/sessions.service';
import { access, requireAgency, requireSession } from '../../identity/access';
import type { Db } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { conflict } from '../../platform/errors';
import { attachDocument, deleteDocument, listDocuments } from './documents.service';

const ZDocumentParams = ZIdParams.extend({ docId: ZRecordIdText });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** How a record that carries documents is found: throws 404 when the user may not see it; gives its status. */
export type FindDocumentOwner = (tx: Db, params: { id: number; session: SessionContext }) => Promise<{ status: string }>;

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
  const { db } = context.database;
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
      (request) => {
        const agencyId = requireAgency(request);
        const session = requireSession(request);
        return inAgency(db, agencyId, async (tx) => {
          await findOwner(tx, { id: request.params.id, session });
          return listDocuments(tx, { agencyId, ownerType, ownerId: request.params.id, config: context.config });
        });
      },
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
      const agencyId = requireAgency(request);
      const session = requireSession(request);
      const document = await inAgency(db, agencyId, async (tx) => {
        const owner = await findOwner(tx, { id: request.params.id, session });
        if (owner.status !== 'Active') throw conflict(ProcurementMessages.reversed);
        return attachDocument(tx, {
          agencyId,
          ownerType,
          ownerId: request.params.id,
          config: context.config,
          input: request.body,
          userId: session.user.id,
          now: context.clock.now(),
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
      const agencyId = requireAgency(request);
      const session = requireSession(request);
      await inAgency(db, agencyId, async (tx) => {
        await findOwner(tx, { id: request.params.id, session });
        await deleteDocument(tx, {
          agencyId,
          ownerType,
          ownerId: request.params.id,
          documentId: request.params.docId,
          reason: request.body.reason,
          userId: session.user.id,
          now: context.clock.now(),
        });
      });
      return { message: ProcurementMessages.documentDeleted };
    },
  );
}
