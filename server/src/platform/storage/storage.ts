import type { Readable } from 'node:stream';
import type { AppConfig } from '../config';

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

/** Builds the storage from the configuration. (Implemented by the storage module.) */
export function createStorage(_config: AppConfig): FileStorage {
  const missing = () => Promise.reject(new Error('storage not implemented yet'));
  return { put: missing, get: missing, delete: missing };
}
