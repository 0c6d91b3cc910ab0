import type { WeighTicketView } from '@tonnage/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { FileStorage } from '../../platform/storage/storage';
import { storedFiles } from '../../identity/files.schema';
import { capturedImages } from '../cameras/cameras.schema';

/** A camera picture larger than this is left out of the PDF (a snapshot is a few hundred kB). */
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
const PICTURE_URL = /^\/api\/captureImage\/(\d+)\/picture$/;

/** Where the web reads a captured picture (the capture image route checks the reader's locations). */
export function capturedPictureUrl(capturedImageId: number): string {
  return `/api/captureImage/${capturedImageId}/picture`;
}

/**
 * The storage keys of a ticket's pictures, by URL: read in the reader's transaction, after the ticket itself was
 * read within the reader's scope (the pictures are the ticket's own captures).
 */
export async function pictureKeys(tx: Db, view: WeighTicketView): Promise<Map<string, string>> {
  const ids = view.pictures.flatMap((picture) => {
    const id = picture.url ? PICTURE_URL.exec(picture.url)?.[1] : undefined;
    return id ? [Number(id)] : [];
  });
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: capturedImages.id, path: storedFiles.path })
    .from(capturedImages)
    .innerJoin(storedFiles, eq(storedFiles.id, capturedImages.fileId))
    .where(inArray(capturedImages.id, ids));
  return new Map(rows.map((row) => [capturedPictureUrl(row.id), row.path]));
}

async function readAll(storage: FileStorage, key: string): Promise<Buffer | null> {
  const stored = await storage.get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stored.body) {
    const part = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += part.length;
    if (size > MAX_PICTURE_BYTES) {
      stored.body.destroy();
      return null;
    }
    chunks.push(part);
  }
  return Buffer.concat(chunks);
}

/**
 * The ticket view with each picture's JPEG bytes, for the PDF renderer (the web's print view uses the URLs). A
 * picture that cannot be read (gone from storage, too large, not a JPEG) is left out; the ticket still prints.
 */
export async function withPictureBytes(storage: FileStorage, view: WeighTicketView, keys: ReadonlyMap<string, string>): Promise<WeighTicketView> {
  // eslint-disable-next-line no-restricted-syntax -- file storage reads, no database query
  const pictures = await Promise.all(
    view.pictures.map(async (picture) => {
      const key = picture.url ? keys.get(picture.url) : undefined;
      const bytes = key ? await readAll(storage, key).catch(() => null) : null;
      return bytes && bytes[0] === 0xff && bytes[1] === 0xd8 ? { caption: picture.caption, jpegBase64: bytes.toString('base64') } : null;
    }),
  );
  return { ...view, pictures: pictures.filter((picture) => picture !== null) };
}
