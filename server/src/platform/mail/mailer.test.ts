import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { composeMail, createMailer } from './mailer';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('SMTP mailer', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(resolve));
  });

  it('delivers subject, recipient, sender and both bodies to the SMTP server', async () => {
    const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Tonnage <no-reply@tonnage.test>' });
    const mailer = createMailer(config);
    await mailer.send(
      composeMail({
        to: 'sara@agency.test',
        subject: 'Reset your password',
        greeting: 'Hello Sara,',
        paragraphs: ['Use the link below to choose a new password.'],
        action: { label: 'Reset password', url: 'https://tonnage.test/resetpassword/abc' },
      }),
    );
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe('no-reply@tonnage.test');
    expect(mail.to).toEqual(['sara@agency.test']);
    expect(mail.raw).toMatch(/^Subject: Reset your password\r?$/m);
    expect(mail.raw).toMatch(/^To: sara@agency\.test\r?$/m);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    expect(mail.raw).toContain('Use the link below to choose a new password.');
    expect(mail.raw).toContain('https://tonnage.test/resetpassword/abc');
  });
});

describe('outbox mailer (no SMTP_URL)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'tonnage-mail-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes each mail as an .eml file in <dataDir>/outbox and logs its name', async () => {
    const lines: string[] = [];
    const mailer = createMailer(loadConfig({}, { dataDir, smtpUrl: undefined }), { logger: { info: (line) => lines.push(line) } });
    await mailer.send({ to: 'omar@agency.test', subject: 'Welcome', text: 'Your account is ready.' });
    await mailer.send({ to: 'lina@agency.test', subject: 'Second', text: 'Another one.' });

    const outbox = path.join(dataDir, 'outbox');
    const files = readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const contents = files.map((f) => readFileSync(path.join(outbox, f), 'utf8'));
    const welcome = contents.find((c) => c.includes('Subject: Welcome'));
    expect(welcome).toBeDefined();
    expect(welcome).toMatch(/^To: omar@agency\.test\r$/m);
    expect(welcome).toContain('Your account is ready.');
    expect(lines).toHaveLength(2);
    for (const file of files) expect(lines.some((line) => line.includes(path.join(outbox, file)))).toBe(true);
  });
});

describe('composeMail', () => {
  it('gives the same words in text and in escaped HTML', () => {
    const mail = composeMail({
      to: 'a@b.test',
      subject: 'S',
      greeting: 'Hello <Sara> & co,',
      paragraphs: ['Line "one"'],
      action: { label: 'Open', url: 'https://x.test/?a=1&b=2' },
      signOff: 'The Tonnage team',
    });
    expect(mail.text).toBe('Hello <Sara> & co,\n\nLine "one"\n\nOpen: https://x.test/?a=1&b=2\n\nThe Tonnage team');
    expect(mail.html).toContain('<p>Hello &#60;Sara&#62; &#38; co,</p>');
    expect(mail.html).toContain('href="https://x.test/?a=1&#38;b=2"');
    expect(mail.html).not.toContain('<Sara>');
  });

  it('refuses a non-http action link', () => {
    expect(() => composeMail({ to: 'a@b.test', subject: 'S', paragraphs: [], action: { label: 'x', url: 'javascript:alert(1)' } })).toThrow();
  });
});
