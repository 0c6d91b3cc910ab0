import { eq } from 'drizzle-orm';
import { agencyEmailSettings } from './email-settings.schema';
import { resolveAppSecret, type AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { openSecret, sealSecret } from '../../platform/secret-box';
import { createSmtpServerMailer, type Mailer } from '../../platform/mail/mailer';

type SecretConfig = Pick<AppConfig, 'appSecret' | 'dataDir'>;
export type AgencyEmailSettingsRow = typeof agencyEmailSettings.$inferSelect;

const PURPOSE = 'smtp-password';

/** Encrypts an agency's SMTP password for storage; the ciphertext is bound to that agency. */
export function sealSmtpPassword(config: SecretConfig, params: { agencyId: number; password: string }): string {
  return sealSecret({ secret: resolveAppSecret(config), purpose: PURPOSE, context: `agency:${params.agencyId}`, plaintext: params.password });
}

/** Decrypts a stored SMTP password; a clear error when the server secret changed since it was stored. */
export function openSmtpPassword(config: SecretConfig, params: { agencyId: number; sealed: string }): string {
  try {
    return openSecret({ secret: resolveAppSecret(config), purpose: PURPOSE, context: `agency:${params.agencyId}`, sealed: params.sealed });
  } catch {
    throw new Error('The stored SMTP password cannot be decrypted (the server secret changed?); enter the password again.');
  }
}

/**
 * A mailer over the SMTP server of an agency's stored settings, active or not (the test e-mail uses it too). The
 * password is decrypted when a mail is sent, so a failure shows where sending failures are handled.
 */
export function mailerFromSettings(config: SecretConfig, row: AgencyEmailSettingsRow): Mailer {
  return {
    async send(message) {
      const password = row.passwordEncrypted === null ? null : openSmtpPassword(config, { agencyId: row.agencyId, sealed: row.passwordEncrypted });
      const smtp = createSmtpServerMailer({
        host: row.host,
        port: row.port,
        security: row.security,
        username: row.username,
        password,
        from: { name: row.fromName, address: row.fromEmail },
      });
      await smtp.send(message);
    },
  };
}

/** What `mailerForAgency` needs; a ModuleContext has it all. */
export interface AgencyMailerDeps {
  database: { db: Db };
  /** The product mailer, used when the agency has no active settings. */
  mailer: Mailer;
  config: SecretConfig;
}

/**
 * The mailer for mail sent on behalf of an agency (password resets of its users, approval requests): the agency's
 * own SMTP server when it has active e-mail settings, else the product mailer.
 */
export async function mailerForAgency(deps: AgencyMailerDeps, params: { agencyId: number }): Promise<Mailer> {
  const [row] = await inAgency(deps.database.db, params.agencyId, (tx) =>
    tx.select().from(agencyEmailSettings).where(eq(agencyEmailSettings.agencyId, params.agencyId)).limit(1),
  );
  if (!row?.isActive) return deps.mailer;
  return mailerFromSettings(deps.config, row);
}
