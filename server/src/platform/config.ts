import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_EXPORT_JOB_ROWS, EXCEL_MAX_DATA_ROWS } from '@tonnage/contracts';

/** Rows an export reads per fetch of its cursor unless EXPORT_BATCH_ROWS says otherwise. */
const DEFAULT_EXPORT_BATCH_ROWS = 250;
import { z } from 'zod';
import { rootDir } from './paths';


const rootPackage = z.object({ version: z.string() }).parse(JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')));

const boolish = z
  .string()
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  APP_VERSION: z.string().optional(),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().optional(),
  DEMO_PASSWORD: z.string().optional(),
  SEED_DEMO: boolish,
  DEMO_WEIGHBRIDGES: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Tonnage <no-reply@tonnage.local>'),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.string().default('true').transform((v) => v !== 'false'),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  LOGIN_BLOCK_MINUTES: z.coerce.number().positive().default(15),
  SESSION_HOURS: z.coerce.number().positive().default(12),
  REMEMBER_ME_DAYS: z.coerce.number().positive().default(30),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().positive().default(365),
  RESET_TOKEN_MINUTES: z.coerce.number().positive().default(60),
  UPLOAD_IMAGE_MAX_MB: z.coerce.number().positive().default(5),
  UPLOAD_DOCUMENT_MAX_MB: z.coerce.number().positive().default(25),
  TRUST_PROXY: boolish,
  EXPORT_JOB_ROWS: z.coerce.number().int().min(0).default(DEFAULT_EXPORT_JOB_ROWS),
  EXPORT_KEEP_HOURS: z.coerce.number().positive().default(24),
  EXPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_EXPORT_BATCH_ROWS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface S3Config {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface AppConfig {
  rootDir: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  appVersion: string;
  adminUsername: string;
  adminPassword: string | undefined;
  demoPassword: string | undefined;
  seedDemo: boolean;
  /**
   * `npm start` runs simulated indicators beside the server for the weighbridges pointing at this machine
   * (127.0.0.1), so the demo shows live weights. DEMO_WEIGHBRIDGES; default on with the demo data (embedded database
   * or SEED_DEMO), off otherwise.
   */
  demoWeighbridges: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** APP_SECRET: keys derived from it encrypt stored secrets (SMTP passwords). Absent: see `resolveAppSecret`. */
  appSecret: string | undefined;
  s3: S3Config | undefined;
  loginMaxAttempts: number;
  loginBlockSeconds: number;
  sessionSeconds: number;
  rememberMeSeconds: number;
  resetTokenSeconds: number;
  /** A password set by its user stays valid this long; then the forced reset of spec section 4 applies. */
  passwordMaxAgeSeconds: number;
  imageMaxBytes: number;
  documentMaxBytes: number;
  trustProxy: boolean;
  /** Rows above which a list's export runs as a background job (EXPORT_JOB_ROWS). */
  exportJobRows: number;
  /** How long a finished export's file is kept for download (EXPORT_KEEP_HOURS). */
  exportKeepSeconds: number;
  /** Data rows per sheet of an export: Excel's limit (not an environment variable; tests set fewer). */
  exportSheetRows: number;
  /** Rows an export reads per fetch of its cursor (EXPORT_BATCH_ROWS; tests set fewer): fewer rows alive at once, less garbage for V8 to let pile up (docs/benchmarks.md, section 11). */
  exportBatchRows: number;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  webDistDir: string;
  /** The help area's documents the product ships (the repository's `help/`, built by `npm run help:build`). */
  helpDir: string;
}

/** Reads the configuration from environment variables (README lists each one). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(rootDir, e.DATA_DIR ?? 'data');
  const s3 =
    e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined;
  return {
    rootDir,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appVersion: e.APP_VERSION ?? rootPackage.version,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO || !e.DATABASE_URL,
    demoWeighbridges: e.DEMO_WEIGHBRIDGES === undefined ? e.SEED_DEMO || !e.DATABASE_URL : ['1', 'true', 'yes'].includes(e.DEMO_WEIGHBRIDGES),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appSecret: e.APP_SECRET,
    s3,
    loginMaxAttempts: e.LOGIN_MAX_ATTEMPTS,
    loginBlockSeconds: Math.round(e.LOGIN_BLOCK_MINUTES * 60),
    sessionSeconds: Math.round(e.SESSION_HOURS * 3600),
    rememberMeSeconds: Math.round(e.REMEMBER_ME_DAYS * 86400),
    resetTokenSeconds: Math.round(e.RESET_TOKEN_MINUTES * 60),
    passwordMaxAgeSeconds: Math.round(e.PASSWORD_MAX_AGE_DAYS * 86400),
    imageMaxBytes: Math.round(e.UPLOAD_IMAGE_MAX_MB * 1024 * 1024),
    documentMaxBytes: Math.round(e.UPLOAD_DOCUMENT_MAX_MB * 1024 * 1024),
    trustProxy: e.TRUST_PROXY,
    exportJobRows: e.EXPORT_JOB_ROWS,
    exportKeepSeconds: Math.round(e.EXPORT_KEEP_HOURS * 3600),
    exportSheetRows: EXCEL_MAX_DATA_ROWS,
    exportBatchRows: e.EXPORT_BATCH_ROWS,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.join(rootDir, 'web', 'dist'),
    helpDir: path.join(rootDir, 'help'),
    ...overrides,
  };
}

const generatedSecrets = new Map<string, string>();

/**
 * The server secret: APP_SECRET when set; otherwise a random one generated on first use and kept in
 * `<dataDir>/app-secret` (mode 600), so stored secrets stay readable across restarts. Several processes sharing
 * a data directory agree on one file: the first to create it wins and the others read it.
 */
export function resolveAppSecret(config: Pick<AppConfig, 'appSecret' | 'dataDir'>): string {
  if (config.appSecret) return config.appSecret;
  const file = path.join(config.dataDir, 'app-secret');
  const known = generatedSecrets.get(file);
  if (known) return known;
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(config.dataDir, { recursive: true });
    // Written aside, then linked into place: a reader never sees a half-written file, and link fails if one exists.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (linkError) {
      if ((linkError as NodeJS.ErrnoException).code !== 'EEXIST') throw linkError;
    } finally {
      unlinkSync(draft);
    }
    secret = readFileSync(file, 'utf8').trim();
  }
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; remove it or set APP_SECRET`);
  generatedSecrets.set(file, secret);
  return secret;
}
