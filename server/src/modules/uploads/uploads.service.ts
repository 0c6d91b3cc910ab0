import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, HELP_DOCUMENT_PATHS, Messages, hasAnyPermission, type TUploadResponse, type UploadDirectory } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import type { SessionContext } from '../../identity/sessions.service';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { AppError, badRequest, forbidden, notFound, runtimeMessage } from '../../platform/errors';
import { InvalidStorageKeyError, contentTypeOfKey, sanitizeKey, type FileStorage } from '../../platform/storage/storage';
import { storedFiles } from '../../identity/files.schema';

/** What the content of an upload turned out to be. */
export interface DetectedFile {
  kind: 'image' | 'document';
  extension: 'jpg' | 'jpeg' | 'png' | 'pdf' | 'docx' | 'xlsx' | 'doc' | 'xls' | 'csv' | 'txt';
  mimeType: string;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PDF = Buffer.from('%PDF-', 'latin1');
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const OOXML_TYPES = Buffer.from('[Content_Types].xml', 'latin1');
const DOCX_PART = Buffer.from('word/document.xml', 'latin1');
const XLSX_PART = Buffer.from('xl/workbook.xml', 'latin1');
// Names of the streams that make a compound file a Word document or an Excel workbook (UTF-16LE in its directory).
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');
const EXCEL_STREAMS = [Buffer.from('Workbook', 'utf16le'), Buffer.from('Book\u0000', 'utf16le')];

function declaredExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

function isUtf8Text(bytes: Buffer, truncated: boolean): boolean {
  if (bytes.includes(0)) return false;
  try {
    // A truncated upload may end inside a character; stream mode leaves that last partial character alone.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: truncated });
    return true;
  } catch {
    return false;
  }
}

/**
 * Decides what an upload is from its bytes, never from its name: PNG and JPEG images; PDF; Word and Excel
 * files (OOXML zips with their main part, or OLE compound files with their main stream); UTF-8 text without
 * NUL bytes (csv when so named, else txt). The name only chooses between jpg and jpeg, and csv and txt.
 * Null when the content is none of these.
 */
export function detectFileType(params: { bytes: Buffer; fileName: string; truncated?: boolean }): DetectedFile | null {
  const { bytes } = params;
  const declared = declaredExtension(params.fileName);
  if (bytes.subarray(0, PNG.length).equals(PNG)) return { kind: 'image', extension: 'png', mimeType: 'image/png' };
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) {
    return { kind: 'image', extension: declared === 'jpeg' ? 'jpeg' : 'jpg', mimeType: 'image/jpeg' };
  }
  if (bytes.subarray(0, PDF.length).equals(PDF)) return { kind: 'document', extension: 'pdf', mimeType: 'application/pdf' };
  if (bytes.subarray(0, ZIP.length).equals(ZIP)) {
    if (!bytes.includes(OOXML_TYPES)) return null;
    if (bytes.includes(DOCX_PART)) {
      return { kind: 'document', extension: 'docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
    }
    if (bytes.includes(XLSX_PART)) {
      return { kind: 'document', extension: 'xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
    }
    return null;
  }
  if (bytes.subarray(0, CFB.length).equals(CFB)) {
    if (bytes.includes(WORD_STREAM)) return { kind: 'document', extension: 'doc', mimeType: 'application/msword' };
    if (EXCEL_STREAMS.some((name) => bytes.includes(name))) return { kind: 'document', extension: 'xls', mimeType: 'application/vnd.ms-excel' };
    return null;
  }
  if (bytes.length > 0 && isUtf8Text(bytes, params.truncated ?? false)) {
    return declared === 'csv'
      ? { kind: 'document', extension: 'csv', mimeType: 'text/csv; charset=utf-8' }
      : { kind: 'document', extension: 'txt', mimeType: 'text/plain; charset=utf-8' };
  }
  return null;
}

/** Folders that take images only (profile pictures, agency logos, captured images). */
const IMAGE_ONLY_DIRECTORIES: ReadonlySet<UploadDirectory> = new Set(['profile', 'agency', 'images']);
/** Folders whose files belong to the agency of the request; the others are visible to every signed-in user. */
const AGENCY_DIRECTORIES: ReadonlySet<UploadDirectory> = new Set(['documents', 'images', 'drivers']);

/** Folders of files that their own routes serve (with their own checks), never `GET /api/files`. */
const SERVED_ELSEWHERE: ReadonlySet<string> = new Set(['captures']);

/** Whole megabytes when whole, else two decimals: the n of 'File must be smaller than {n}MB!'. */
function megabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 100) / 100;
}

/** A file name safe to store and show: no folders, no control characters, at most 200 characters. */
export function cleanFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  let cleaned = '';
  for (const char of base) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x20 && code !== 0x7f) cleaned += char;
  }
  cleaned = cleaned.trim().slice(0, 200);
  return cleaned || 'file';
}

/** The key of a new file: `<directory>/<yyyy>/<mm>/<uuid>.<ext>`. */
export function newStorageKey(params: { directory: UploadDirectory; extension: string; now: Date }): string {
  const year = params.now.getUTCFullYear();
  const month = String(params.now.getUTCMonth() + 1).padStart(2, '0');
  return `${params.directory}/${year}/${month}/${randomUUID()}.${params.extension}`;
}

/** The address a stored file is served at. */
export function fileUrl(config: Pick<AppConfig, 'publicUrl'>, key: string): string {
  return `${config.publicUrl}/api/files/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * Checks an upload (type from content, directory, size), stores it and records it in stored_files.
 * `truncated` says the multipart reader stopped at its limit: the file is larger than `bytes`.
 */
export async function storeUpload(
  db: Db,
  params: {
    storage: FileStorage;
    config: Pick<AppConfig, 'publicUrl' | 'imageMaxBytes' | 'documentMaxBytes'>;
    session: SessionContext;
    directory: UploadDirectory;
    /** The agency of the request; required for agency folders. */
    agencyId: number | null;
    fileName: string;
    bytes: Buffer;
    truncated: boolean;
    now: Date;
  },
): Promise<TUploadResponse> {
  const { config, directory } = params;
  if (params.bytes.length === 0) throw badRequest(Messages.uploadRequired, { file: Messages.uploadRequired });
  // Help files are shown to every user of every agency: only a super admin publishes them.
  if (directory === 'help' && !params.session.isSuperAdmin) throw forbidden();
  // A user whose role grants nothing keeps their profile (spec 2.1), picture included, and nothing else.
  if (directory !== 'profile' && !hasAnyPermission(params.session)) throw forbidden();
  const agencyId = AGENCY_DIRECTORIES.has(directory) ? params.agencyId : null;
  if (AGENCY_DIRECTORIES.has(directory) && agencyId === null) throw badRequest('Please select an agency.');

  const detected = detectFileType({ bytes: params.bytes, fileName: params.fileName, truncated: params.truncated });
  if (!detected || (IMAGE_ONLY_DIRECTORIES.has(directory) && detected.kind !== 'image')) {
    throw new AppError(400, ErrorCode.UNSUPPORTED_FILE, Messages.fileTypeNotAllowed, { file: Messages.fileTypeNotAllowed });
  }
  const limit = detected.kind === 'image' ? config.imageMaxBytes : config.documentMaxBytes;
  if (params.truncated || params.bytes.length > limit) {
    const message = runtimeMessage(Messages.fileTooLarge(megabytes(limit)));
    throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, message, { file: message });
  }

  const name = cleanFileName(params.fileName);
  const key = newStorageKey({ directory, extension: detected.extension, now: params.now });
  await params.storage.put(key, params.bytes, detected.mimeType);
  try {
    await db.insert(storedFiles).values({
      path: key,
      agencyId,
      uploadedBy: params.session.user.id,
      directory,
      originalName: name,
      mimeType: detected.mimeType,
      size: params.bytes.length,
      createdAt: params.now,
    });
  } catch (error) {
    await params.storage.delete(key).catch(() => undefined);
    throw error;
  }
  return {
    path: key,
    url: fileUrl(config, key),
    name,
    size: params.bytes.length,
    mimeType: detected.mimeType,
    message: `${name} file uploaded successfully`,
  };
}

/** A stored file ready to stream. */
export interface OpenedFile {
  body: Readable;
  contentType: string;
  size: number | undefined;
  name: string;
}

/**
 * One of the help documents the product ships (contracts' `HELP_DOCUMENT_PATHS`, spec 2.10), read from `helpDir`
 * (the repository's `help/`, whose folders are the storage keys'); null for any other key or when the file is absent.
 * Only the listed keys are looked up, so no key reaches another file of the disk.
 */
export async function openShippedHelpDocument(helpDir: string, key: string): Promise<OpenedFile | null> {
  if (!HELP_DOCUMENT_PATHS.has(key)) return null;
  let handle;
  try {
    handle = await open(path.join(helpDir, ...key.split('/').slice(1)), 'r');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
  try {
    const stats = await handle.stat();
    return { body: handle.createReadStream(), contentType: 'application/pdf', size: stats.size, name: key.split('/').pop() ?? 'help.pdf' };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Opens a stored file for a signed-in user. Allowed for super admins, files of no agency and files of the
 * user's own agency when the user holds a permission (else 403). Under `help/`: the help documents the product ships
 * (`helpDir`) first, so they follow the installed version; any other file under `help/` that is in storage without a
 * row (placed by an operator) is public to signed-in users, as the help page is. Unknown keys answer 404.
 */
export async function openStoredFile(db: Db, params: { storage: FileStorage; session: SessionContext; key: string; helpDir: string }): Promise<OpenedFile> {
  let key: string;
  try {
    key = sanitizeKey(params.key);
  } catch (error) {
    if (error instanceof InvalidStorageKeyError) throw notFound();
    throw error;
  }
  const shipped = await openShippedHelpDocument(params.helpDir, key);
  if (shipped) return shipped;
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.path, key)).limit(1);
  // Camera pictures are served only by the capture image routes, which check the user's locations.
  if (row && SERVED_ELSEWHERE.has(row.directory)) throw notFound();
  if (row) {
    const { session } = params;
    if (!session.isSuperAdmin && row.agencyId !== null && row.agencyId !== session.user.agencyId) throw forbidden();
    // Spec 2.1: a user whose role grants nothing sees no agency file, only files of no agency (pictures, logos).
    if (row.agencyId !== null && !hasAnyPermission(session)) throw forbidden();
  } else if (!key.startsWith('help/')) {
    throw notFound();
  }
  const stored = await params.storage.get(key);
  if (!stored) throw notFound();
  return {
    body: stored.body,
    contentType: row?.mimeType ?? stored.contentType ?? contentTypeOfKey(key) ?? 'application/octet-stream',
    size: stored.size ?? row?.size,
    name: row?.originalName ?? key.split('/').pop() ?? 'file',
  };
}

/** `Content-Disposition: inline` with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
export function inlineDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
