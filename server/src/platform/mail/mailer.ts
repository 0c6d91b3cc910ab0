import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
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

/** Where the outbox mailer reports the files it writes. */
export interface MailLogger {
  info(message: string): void;
}

type MailerConfig = Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>;

/** A mailer that sends through the SMTP server of `smtpUrl` (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(config: { smtpUrl: string; mailFrom: string }): Mailer {
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: config.mailFrom, ...message });
    },
  };
}

/** One SMTP server as an agency's e-mail settings describe it. */
export interface SmtpServerSettings {
  host: string;
  port: number;
  /** none: plain (STARTTLS ignored); starttls: plain then STARTTLS, required; tls: TLS from the first byte. */
  security: 'none' | 'starttls' | 'tls';
  username: string | null;
  password: string | null;
  from: { name: string; address: string };
}

/** A mailer over one SMTP server given field by field; waits at most seconds, not minutes, for a dead server. */
export function createSmtpServerMailer(settings: SmtpServerSettings): Mailer {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    ...(settings.username ? { auth: { user: settings.username, pass: settings.password ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: settings.from, ...message });
    },
  };
}

function outboxFileName(now: Date): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
}

/**
 * A development mailer: each mail becomes an RFC 822 `.eml` file in `outboxDir` (open it with any mail client)
 * and one log line names the file.
 */
export function createOutboxMailer(config: { outboxDir: string; mailFrom: string; logger?: MailLogger }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const logger = config.logger ?? console;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      if (!Buffer.isBuffer(info.message)) throw new Error('outbox transport returned no buffer');
      await mkdir(config.outboxDir, { recursive: true });
      const file = path.join(config.outboxDir, outboxFileName(new Date()));
      await writeFile(file, info.message);
      logger.info(`[mail] outbox: ${file} (to: ${message.to}, subject: ${message.subject})`);
    },
  };
}

/** Builds the product's mailer from the configuration: SMTP when `smtpUrl` is set, else `<dataDir>/outbox`. */
export function createMailer(config: MailerConfig, options: { logger?: MailLogger } = {}): Mailer {
  if (config.smtpUrl) return createSmtpMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom });
  return createOutboxMailer({
    outboxDir: path.join(config.dataDir, 'outbox'),
    mailFrom: config.mailFrom,
    ...(options.logger ? { logger: options.logger } : {}),
  });
}

/** What a product mail says; `composeMail` turns it into matching text and HTML bodies. */
export interface MailContent {
  to: string;
  subject: string;
  /** First line, e.g. 'Hello Sara,'. */
  greeting?: string;
  paragraphs: readonly string[];
  /** A link the mail is about, shown as a button in HTML and as a plain URL in text. */
  action?: { label: string; url: string };
  /** Last line, e.g. 'The Tonnage team'. */
  signOff?: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Builds a mail with a plain-text body and an equivalent, escaped HTML body. */
export function composeMail(content: MailContent): MailMessage {
  const { action } = content;
  if (action && !/^https?:\/\//i.test(action.url)) throw new Error('mail action URL must be http(s)');
  const blocks = [content.greeting, ...content.paragraphs].filter((b): b is string => Boolean(b));
  const text = [...blocks, ...(action ? [`${action.label}: ${action.url}`] : []), ...(content.signOff ? [content.signOff] : [])].join('\n\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Arial, Helvetica, sans-serif; font-size: 14px; color: #222;">',
    ...blocks.map((b) => `<p>${escapeHtml(b)}</p>`),
    ...(action
      ? [
          `<p><a href="${escapeHtml(action.url)}" style="display: inline-block; padding: 8px 16px; background: #1677ff; color: #fff; text-decoration: none; border-radius: 4px;">${escapeHtml(action.label)}</a></p>`,
          `<p style="font-size: 12px; color: #666;">${escapeHtml(action.url)}</p>`,
        ]
      : []),
    ...(content.signOff ? [`<p>${escapeHtml(content.signOff)}</p>`] : []),
    '</body></html>',
  ].join('\n');
  return { to: content.to, subject: content.subject, text, html };
}
