import type { AppConfig } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail. SMTP when SMTP_URL is set; otherwise a development outbox of .eml files in data/outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Builds the product's mailer from the configuration. (Implemented by the mail module.) */
export function createMailer(_config: AppConfig): Mailer {
  return {
    send: () => Promise.reject(new Error('mailer not implemented yet')),
  };
}
