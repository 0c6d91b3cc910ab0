import { fieldMessages, type ResourceDef } from '@tonnage/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { badRequest, runtimeMessage } from '../../platform/errors';
import { storedFiles } from '../../identity/files.schema';
import { sealResourceSecret, type SecretConfig } from './master-data.secrets';

/** A validated create/update body: field name to value (null when empty). */
export type ResourceInput = Record<string, unknown>;

/**
 * The column values of a write: every field (null when empty) and the resource's fixed columns. A secret is
 * sealed; one left empty is stored as null on create and, with `keepEmptySecrets` (update), left out so the stored
 * ciphertext stays.
 */
export function storedValues(
  resource: ResourceDef,
  input: ResourceInput,
  params: { agencyId: number; config: SecretConfig; keepEmptySecrets: boolean },
): Record<string, unknown> {
  const values: Record<string, unknown> = { ...resource.fixed };
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = input[name] ?? null;
    if (field.kind !== 'secret') {
      values[name] = value;
    } else if (typeof value === 'string' && value !== '') {
      values[name] = sealResourceSecret(params.config, { agencyId: params.agencyId, resource, field: name, plaintext: value });
    } else if (!params.keepEmptySecrets) {
      values[name] = null;
    }
  }
  return values;
}

/**
 * 400 with the field's invalid message when an image field names a file that was not uploaded to its folder in
 * this agency: the path comes from the client, and a path of another agency's file would show that file here.
 */
export async function assertImagesUploaded(tx: Db, params: { resource: ResourceDef; input: ResourceInput; agencyId: number }): Promise<void> {
  const details: Record<string, string> = {};
  for (const [name, field] of Object.entries(params.resource.fields)) {
    const path = params.input[name];
    if (field.kind !== 'image' || typeof path !== 'string') continue;
    // stored_files is a platform table without row-level security: the agency is matched here.
    const [found] = await tx
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(and(eq(storedFiles.path, path), eq(storedFiles.agencyId, params.agencyId), eq(storedFiles.directory, field.folder)))
      .limit(1);
    if (!found) details[name] = fieldMessages(field).invalid.en;
  }
  const first = Object.values(details)[0];
  if (first) throw badRequest(runtimeMessage(first), details);
}
