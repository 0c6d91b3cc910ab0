import { ProcurementMessages, type TDocument, type TDocumentCreate, type TDocumentList } from '@tonnage/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/audit';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { storedFiles } from '../../identity/files.schema';
import { fileUrl } from '../uploads/uploads.service';
import { users } from '../../identity/users.schema';
import { documents } from './procurement.schema';
import { userName } from './procurement.queries';

/*
 * Documents attached to a business record (`documents.owner_type` / `owner_id`): a sale order, a consignment, later
 * a handling loss. The file is uploaded first (POST /api/uploads/file?directory=documents, size limit there), then
 * attached by its path. Deleting marks the row deleted with a reason; the file stays.
 */

/** Who owns a set of documents. */
export interface DocumentOwner {
  agencyId: number;
  ownerType: string;
  ownerId: number;
}

const documentColumns = {
  id: documents.id,
  title: documents.title,
  uploadedAt: documents.uploadedAt,
  uploadedBy: userName(users),
  path: storedFiles.path,
  fileName: storedFiles.originalName,
  mimeType: storedFiles.mimeType,
  size: storedFiles.size,
};

function query(tx: Db) {
  return tx
    .select(documentColumns)
    .from(documents)
    .innerJoin(storedFiles, eq(storedFiles.id, documents.fileId))
    // A left join: the super admin's user row has no agency, so the agency's row-level security hides it.
    .leftJoin(users, eq(users.id, documents.uploadedBy));
}

type DocumentRow = Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number];

function toDocument(config: Pick<AppConfig, 'publicUrl'>, row: DocumentRow): TDocument {
  return {
    id: row.id,
    title: row.title,
    fileName: row.fileName,
    mimeType: row.mimeType,
    size: row.size,
    url: fileUrl(config, row.path),
    uploadedAt: row.uploadedAt.toISOString(),
    uploadedBy: row.uploadedBy ?? '',
  };
}

const ownedBy = (owner: DocumentOwner) =>
  and(eq(documents.agencyId, owner.agencyId), eq(documents.ownerType, owner.ownerType), eq(documents.ownerId, owner.ownerId), isNull(documents.deletedAt));

/** The live documents of a record, newest first. Run in the agency's transaction after checking the owner. */
export async function listDocuments(tx: Db, params: DocumentOwner & { config: Pick<AppConfig, 'publicUrl'> }): Promise<TDocumentList> {
  const rows = await query(tx).where(ownedBy(params)).orderBy(desc(documents.uploadedAt), desc(documents.id));
  return { rows: rows.map((row) => toDocument(params.config, row)), count: rows.length };
}

/**
 * Attaches an uploaded file to a record: the path must name a file this agency uploaded to `documents`, not
 * attached (and not deleted) elsewhere yet. The stored file row is locked so that two attaches of one file serialize.
 */
export async function attachDocument(
  tx: Db,
  params: DocumentOwner & { config: Pick<AppConfig, 'publicUrl'>; input: TDocumentCreate; userId: number; now: Date },
): Promise<TDocument> {
  const { input } = params;
  const [file] = await tx
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.path, input.path), eq(storedFiles.agencyId, params.agencyId), eq(storedFiles.directory, 'documents')))
    .limit(1)
    .for('update');
  if (!file) throw badRequest(ProcurementMessages.documentFileUnknown, { path: ProcurementMessages.documentFileUnknown });
  const [attached] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.fileId, file.id), isNull(documents.deletedAt)))
    .limit(1);
  if (attached) throw conflict(ProcurementMessages.documentAlreadyAttached, { path: ProcurementMessages.documentAlreadyAttached });
  const [created] = await tx
    .insert(documents)
    .values({
      agencyId: params.agencyId,
      ownerType: params.ownerType,
      ownerId: params.ownerId,
      fileId: file.id,
      title: input.title?.trim() || file.originalName,
      uploadedBy: params.userId,
      uploadedAt: params.now,
    })
    .returning({ id: documents.id });
  if (!created) throw new Error('document insert returned no row');
  const [row] = await query(tx).where(eq(documents.id, created.id));
  if (!row) throw new Error('document just inserted is missing');
  const result = toDocument(params.config, row);
  await recordAudit(tx, {
    agencyId: params.agencyId,
    userId: params.userId,
    action: 'create',
    entity: 'document',
    entityId: created.id,
    after: { ...result, ownerType: params.ownerType, ownerId: params.ownerId },
    at: params.now,
  });
  return result;
}

/** Marks a record's document deleted with who, when and why; the stored file is kept. 404 when not a live document of it. */
export async function deleteDocument(tx: Db, params: DocumentOwner & { documentId: number; reason: string; userId: number; now: Date }): Promise<void> {
  const [deleted] = await tx
    .update(documents)
    .set({ deletedAt: params.now, deletedBy: params.userId, deleteReason: params.reason })
    .where(and(eq(documents.id, params.documentId), ownedBy(params)))
    .returning({ id: documents.id, title: documents.title });
  if (!deleted) throw notFound(ProcurementMessages.documentNotFound);
  await recordAudit(tx, {
    agencyId: params.agencyId,
    userId: params.userId,
    action: 'delete',
    entity: 'document',
    entityId: deleted.id,
    after: { ownerType: params.ownerType, ownerId: params.ownerId, title: deleted.title, reason: params.reason },
    at: params.now,
  });
}
