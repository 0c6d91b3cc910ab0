import { z } from 'zod';
import type { TApiError } from './errors';

/** The zod schema of the error body (`TApiError`, errors.ts), for the server's route schemas and the OpenAPI document. */
export const ZApiError = z.object({
  message: z.string(),
  code: z.string(),
  details: z.record(z.string(), z.string()).optional(),
}) satisfies z.ZodType<TApiError>;
