import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { AppConfig, S3Config } from '../config';

export interface StoredObject {
  body: Readable;
  contentType: string | undefined;
  size: number | undefined;
}

/** Where uploaded files live: local disk under the data dir, or an S3-compatible bucket. */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

/** A key that could escape the storage root or is otherwise unusable. */
export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const MAX_KEY_LENGTH = 1024;

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Checks a storage key and returns it unchanged: relative, `/`-separated, no empty, `.` or `..` segment,
 * no backslash, drive letter or control character. Throws InvalidStorageKeyError otherwise; keys are never
 * silently rewritten, so one key always names one object.
 */
export function sanitizeKey(key: string): string {
  const bad =
    key.length === 0 ||
    key.length > MAX_KEY_LENGTH ||
    key.startsWith('/') ||
    key.includes('\\') ||
    /^[A-Za-z]:/.test(key) ||
    hasControlCharacter(key) ||
    key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..' || segment.trim() !== segment);
  if (bad) throw new InvalidStorageKeyError(key);
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

/** Content type of a key from its extension (local disk keeps no metadata; keys are named by detected type). */
export function contentTypeOfKey(key: string): string | undefined {
  const extension = path.posix.extname(key).slice(1).toLowerCase();
  return CONTENT_TYPES[extension];
}

function isNodeError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}

/** Files on local disk under `root`. Writes go to a temporary file first, so a reader never sees half a file. */
export function createDiskStorage(root: string): FileStorage {
  const absoluteRoot = path.resolve(root);
  const resolve = (key: string): string => {
    const file = path.resolve(absoluteRoot, ...sanitizeKey(key).split('/'));
    // Belt and braces: sanitizeKey already refuses everything that could leave the root.
    if (!file.startsWith(absoluteRoot + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeFile(temporary, body);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = resolve(key);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (isNodeError(error) && (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'ENOTDIR')) return null;
        throw error;
      }
      try {
        const stats = await handle.stat();
        if (stats.isFile()) return { body: handle.createReadStream(), contentType: contentTypeOfKey(key), size: stats.size };
      } catch (error) {
        await handle.close();
        throw error;
      }
      await handle.close();
      return null;
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

function isMissingObject(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'NoSuchKey' || error.name === 'NotFound') return true;
  const metadata = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
  return metadata?.httpStatusCode === 404;
}

/**
 * Objects in an S3-compatible bucket (AWS, MinIO, s3rver, ...). The SDK (megabytes of code) is loaded at the first
 * use of the bucket, not when the server starts.
 */
export function createS3Storage(s3: S3Config): FileStorage {
  type Sdk = typeof import('@aws-sdk/client-s3');
  let connected: Promise<{ sdk: Sdk; client: S3Client }> | null = null;
  const connect = () =>
    (connected ??= import('@aws-sdk/client-s3').then(
      (sdk) => ({
        sdk,
        client: new sdk.S3Client({
          region: s3.region,
          ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
          forcePathStyle: s3.forcePathStyle,
          credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
          // Many S3-compatible servers do not understand the SDK's default trailing checksums.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
      }),
      (error: unknown) => {
        connected = null;
        throw error;
      },
    ));
  return {
    async put(key, body, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket: s3.bucket, Key: sanitizeKey(key), Body: body, ContentType: contentType, ContentLength: body.length }),
      );
    },
    async get(key) {
      const { sdk, client } = await connect();
      try {
        const result = await client.send(new sdk.GetObjectCommand({ Bucket: s3.bucket, Key: sanitizeKey(key) }));
        if (!(result.Body instanceof Readable)) throw new Error('S3 returned no readable body');
        return { body: result.Body, contentType: result.ContentType, size: result.ContentLength };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: s3.bucket, Key: sanitizeKey(key) }));
    },
  };
}

/** Builds the storage from the configuration: S3 when `config.s3` is set, else `<dataDir>/uploads`. */
export function createStorage(config: AppConfig): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(path.join(config.dataDir, 'uploads'));
}
