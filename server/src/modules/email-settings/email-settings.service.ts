import { ErrorCode, type TEmailSettings, type ZEmailSettingsInput } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { AppError, badRequest, notFound, runtimeMessage } from '../../platform/errors';
import { mailerFromSettings, sealSmtpPassword, type AgencyEmailSettingsRow } from './agency-mailer';
import { composeMail } from '../../platform/mail/mailer';
import { agencyEmailSettings } from './email-settings.schema';

/** A validated e-mail settings form (ZEmailSettingsInput after parsing). */
export type EmailSettingsInput = z.output<typeof ZEmailSettingsInput>;
type SecretConfig = Pick<AppConfig, 'appSecret' | 'dataDir'>;

export const NOT_CONFIGURED = 'E-mail settings are not configured for this agency yet.';

/** The API shape of the settings: everything but the password, which is only said to exist. */
export function toApiEmailSettings(row: AgencyEmailSettingsRow): TEmailSettings {
  return {
    host: row.host,
    port: row.port,
    security: row.security,
    username: row.username,
    hasPassword: row.passwordEncrypted !== null,
    fromName: row.fromName,
    fromEmail: row.fromEmail,
    isActive: row.isActive,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function findRow(tx: Db, params: { agencyId: number; forUpdate?: boolean }): Promise<AgencyEmailSettingsRow | undefined> {
  const query = tx.select().from(agencyEmailSettings).where(eq(agencyEmailSettings.agencyId, params.agencyId)).limit(1);
  const [row] = params.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The agency's e-mail settings; 404 when none were saved. */
export async function getEmailSettings(tx: Db, params: { agencyId: number }): Promise<TEmailSettings> {
  const row = await findRow(tx, params);
  if (!row) throw notFound(NOT_CONFIGURED);
  return toApiEmailSettings(row);
}

/**
 * Creates or replaces the agency's e-mail settings. The password: omitted keeps the stored one, '' removes it,
 * any other value replaces it, stored encrypted (AES-256-GCM, key derived from the server secret).
 */
export async function saveEmailSettings(
  tx: Db,
  params: { agencyId: number; input: EmailSettingsInput; actorId: number; now: Date; config: SecretConfig },
): Promise<TEmailSettings> {
  const before = await findRow(tx, { agencyId: params.agencyId, forUpdate: true });
  const { password, ...fields } = params.input;
  const passwordEncrypted =
    password === undefined
      ? (before?.passwordEncrypted ?? null)
      : password === ''
        ? null
        : sealSmtpPassword(params.config, { agencyId: params.agencyId, password });
  const values = { ...fields, passwordEncrypted, updatedAt: params.now, updatedBy: params.actorId };
  const [row] = await tx
    .insert(agencyEmailSettings)
    .values({ agencyId: params.agencyId, ...values, createdAt: params.now })
    .onConflictDoUpdate({ target: agencyEmailSettings.agencyId, set: values })
    .returning();
  if (!row) throw new Error('e-mail settings upsert returned no row');
  const after = toApiEmailSettings(row);
  await recordAudit(tx, {
    agencyId: params.agencyId,
    userId: params.actorId,
    action: before ? 'update' : 'create',
    entity: 'emailSettings',
    entityId: params.agencyId,
    before: before ? toApiEmailSettings(before) : null,
    after,
    at: params.now,
  });
  return after;
}

/** Whether a saved row exists (to tell a create from a replace before saving). */
export async function hasEmailSettings(tx: Db, params: { agencyId: number }): Promise<boolean> {
  return (await findRow(tx, params)) !== undefined;
}

interface SmtpFailure {
  code?: unknown;
  message?: unknown;
  response?: unknown;
}

/** A sentence an agency admin can act on, from a nodemailer failure. */
export function describeSmtpError(error: unknown, server: { host: string; port: number }): string {
  const failure: SmtpFailure = typeof error === 'object' && error !== null ? error : {};
  const code = typeof failure.code === 'string' ? failure.code : '';
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  const address = `${server.host}:${server.port}`;
  if (/ECONNREFUSED/.test(message) || code === 'ECONNREFUSED') return `Could not connect to the SMTP server ${address}: connection refused.`;
  if (code === 'EAUTH' || code === 'ENOAUTH') return `The SMTP server ${address} refused the user name or password: authentication failed.`;
  if (code === 'ETIMEDOUT' || /ETIMEDOUT|timeout/i.test(message)) return `The SMTP server ${address} did not answer in time: connection timed out.`;
  if (code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(message)) return `The SMTP host "${server.host}" was not found.`;
  if (code === 'ETLS') return `TLS with the SMTP server ${address} failed: ${message}`;
  if (code === 'EENVELOPE') return `The SMTP server ${address} refused the sender or recipient: ${message}`;
  if (/decrypt/.test(message)) return message;
  return `The SMTP server ${address} answered with an error: ${message}`;
}

/**
 * Sends a test e-mail through the agency's saved settings (active or not, so they can be tried before use).
 * 400 with the reason when there are no settings or the SMTP server refuses.
 */
export async function sendTestEmail(
  deps: { db: Db; config: SecretConfig },
  params: { agencyId: number; to: string },
): Promise<{ message: string }> {
  const row = await inAgency(deps.db, params.agencyId, (tx) => findRow(tx, { agencyId: params.agencyId }));
  if (!row) throw badRequest('Please save the e-mail settings before sending a test e-mail.');
  try {
    await mailerFromSettings(deps.config, row).send(
      composeMail({
        to: params.to,
        subject: 'Tonnage: test e-mail',
        greeting: 'Hello,',
        paragraphs: [`This is a test e-mail from Tonnage, sent through ${row.host}:${row.port}. Your e-mail settings work.`],
        signOff: 'The Tonnage team',
      }),
    );
  } catch (error) {
    throw new AppError(400, ErrorCode.BUSINESS_RULE, runtimeMessage(describeSmtpError(error, row)));
  }
  return { message: `Test e-mail sent to ${params.to}.` };
}
