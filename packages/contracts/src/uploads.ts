import { z } from 'zod';

/** Folders an upload may go to (`?directory=`). */
export const UPLOAD_DIRECTORIES = ['profile', 'agency', 'documents', 'help', 'drivers', 'images'] as const;
export type UploadDirectory = (typeof UPLOAD_DIRECTORIES)[number];

export const ZUploadResponse = z.object({
  /** Storage key, relative to `s3Url`: what forms store (profilePic, logo, ...). */
  path: z.string(),
  /** Address the browser can load it from. */
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  message: z.string(),
});
export type TUploadResponse = z.infer<typeof ZUploadResponse>;
