import type { WeighTicketView } from '@tonnage/contracts';
import type { FileStorage } from '../../platform/storage/storage';

/** A camera picture larger than this is left out of the PDF (a snapshot is a few hundred kB). */
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
const FILES_PREFIX = '/api/files/';

/** The storage key of a picture's `/api/files/...` URL (the ticket view's form); null for any other URL. */
export function storageKeyOfUrl(url: string): string | null {
  if (!url.startsWith(FILES_PREFIX)) return null;
  return url.slice(FILES_PREFIX.length).split('/').map(decodeURIComponent).join('/');
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
export async function withPictureBytes(storage: FileStorage, view: WeighTicketView): Promise<WeighTicketView> {
  const pictures = await Promise.all(
    view.pictures.map(async (picture) => {
      const key = picture.url ? storageKeyOfUrl(picture.url) : null;
      const bytes = key ? await readAll(storage, key).catch(() => null) : null;
      return bytes && bytes[0] === 0xff && bytes[1] === 0xd8 ? { caption: picture.caption, jpegBase64: bytes.toString('base64') } : null;
    }),
  );
  return { ...view, pictures: pictures.filter((picture) => picture !== null) };
}
