import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

/*
 * The ISAPI snapshot of a Hikvision camera (WEIGHING.md "Cameras"): `GET /ISAPI/Streaming/channels/<n>01/picture`
 * (through an NVR `/ISAPI/ContentMgmt/StreamingProxy/channels/<n>01/picture`; `<n>02` for the sub stream) with HTTP
 * Digest authentication (RFC 7616: MD5, MD5-sess or SHA-256, qop=auth, or RFC 2069 without qop), Basic when the
 * camera offers only Basic. One deadline for the whole exchange, a size limit, and the body must start with the JPEG
 * marker FF D8. Nothing here logs: the password and the Authorization header never leave this file.
 */

export interface SnapshotTarget {
  /** Host, host:port, or an http(s) URL (its path is ignored). */
  address: string;
  channel: number;
  connection: 'direct' | 'nvr';
  stream: 'main' | 'sub';
  username: string | null;
  password: string | null;
}

export interface SnapshotLimits {
  timeoutMs: number;
  maxBytes: number;
}

export const DEFAULT_SNAPSHOT_LIMITS: SnapshotLimits = { timeoutMs: 5000, maxBytes: 10 * 1024 * 1024 };

/** Why there is no picture. `unauthorized`: the stored login was refused (the camera is then locked). */
export type SnapshotFailure = 'timeout' | 'unreachable' | 'badAddress' | 'loginNeeded' | 'unauthorized' | 'notJpeg' | 'tooLarge' | 'http';

export type SnapshotResult = { ok: true; jpeg: Buffer } | { ok: false; failure: SnapshotFailure; status?: number };

/** The snapshot URL of a camera, or null when its address is not an http(s) host. */
export function snapshotUrl(target: Pick<SnapshotTarget, 'address' | 'channel' | 'connection' | 'stream'>): URL | null {
  const address = target.address.trim();
  let base: URL;
  try {
    base = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `http://${address}`);
  } catch {
    return null;
  }
  if ((base.protocol !== 'http:' && base.protocol !== 'https:') || base.hostname === '' || base.username !== '' || base.password !== '') return null;
  const track = target.channel * 100 + (target.stream === 'sub' ? 2 : 1);
  const path = target.connection === 'nvr' ? `/ISAPI/ContentMgmt/StreamingProxy/channels/${track}/picture` : `/ISAPI/Streaming/channels/${track}/picture`;
  return new URL(path, base.origin);
}

/** One challenge of a WWW-Authenticate header: its scheme (lower case) and parameters (names lower case). */
export interface AuthChallenge {
  scheme: string;
  params: Record<string, string>;
}

/**
 * The challenges of WWW-Authenticate headers (RFC 7235: several per header, comma-separated, quoted strings with
 * backslash escapes). Unreadable parts are skipped.
 */
export function parseChallenges(headers: readonly string[]): AuthChallenge[] {
  const challenges: AuthChallenge[] = [];
  for (const header of headers) {
    let i = 0;
    let current: AuthChallenge | null = null;
    const skipSpace = () => {
      while (i < header.length && /[\s,]/.test(header.charAt(i))) i += 1;
    };
    const token = () => {
      const start = i;
      while (i < header.length && /[!#$%&'*+.^_`|~0-9A-Za-z-]/.test(header.charAt(i))) i += 1;
      return header.slice(start, i);
    };
    while (i < header.length) {
      skipSpace();
      const name = token();
      if (name === '') {
        i += 1;
        continue;
      }
      let j = i;
      while (j < header.length && header.charAt(j) === ' ') j += 1;
      if (header.charAt(j) === '=' && current) {
        i = j + 1;
        while (i < header.length && header.charAt(i) === ' ') i += 1;
        let value = '';
        if (header.charAt(i) === '"') {
          i += 1;
          while (i < header.length && header.charAt(i) !== '"') {
            if (header.charAt(i) === '\\' && i + 1 < header.length) i += 1;
            value += header.charAt(i);
            i += 1;
          }
          i += 1;
        } else {
          const start = i;
          while (i < header.length && header.charAt(i) !== ',') i += 1;
          value = header.slice(start, i).trim();
        }
        current.params[name.toLowerCase()] = value;
      } else {
        current = { scheme: name.toLowerCase(), params: {} };
        challenges.push(current);
      }
    }
  }
  return challenges;
}

const HASHES: Record<string, { algorithm: 'md5' | 'sha256'; session: boolean }> = {
  md5: { algorithm: 'md5', session: false },
  'md5-sess': { algorithm: 'md5', session: true },
  'sha-256': { algorithm: 'sha256', session: false },
  'sha-256-sess': { algorithm: 'sha256', session: true },
};

const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/**
 * The Authorization header answering a Digest challenge for a GET of `uri` (RFC 7616, section 3.4), or null when the
 * challenge's algorithm or qop is not one we speak. `cnonce` is random unless given (tests).
 */
export function digestAuthorization(params: { challenge: AuthChallenge; method: string; uri: string; username: string; password: string; cnonce?: string; nc?: number }): string | null {
  const { challenge, username, password, method, uri } = params;
  const realm = challenge.params.realm ?? '';
  const nonce = challenge.params.nonce;
  if (nonce === undefined) return null;
  const algorithmName = challenge.params.algorithm ?? 'MD5';
  const hash = HASHES[algorithmName.toLowerCase()];
  if (!hash) return null;
  const h = (text: string) => createHash(hash.algorithm).update(text, 'utf8').digest('hex');
  const offered = (challenge.params.qop ?? '').split(',').map((q) => q.trim().toLowerCase()).filter(Boolean);
  if (offered.length > 0 && !offered.includes('auth')) return null;
  const qop = offered.length > 0 ? 'auth' : null;
  const cnonce = params.cnonce ?? randomBytes(16).toString('hex');
  const nc = (params.nc ?? 1).toString(16).padStart(8, '0');
  let ha1 = h(`${username}:${realm}:${password}`);
  if (hash.session) ha1 = h(`${ha1}:${nonce}:${cnonce}`);
  const ha2 = h(`${method}:${uri}`);
  const response = qop ? h(`${ha1}:${nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : h(`${ha1}:${nonce}:${ha2}`);
  const parts = [`username=${quoted(username)}`, `realm=${quoted(realm)}`, `nonce=${quoted(nonce)}`, `uri=${quoted(uri)}`, `algorithm=${algorithmName}`, `response=${quoted(response)}`];
  if (qop) parts.push(`qop=${qop}`, `nc=${nc}`, `cnonce=${quoted(cnonce)}`);
  if (challenge.params.opaque !== undefined) parts.push(`opaque=${quoted(challenge.params.opaque)}`);
  return `Digest ${parts.join(', ')}`;
}

/** `Basic base64(user:password)` (RFC 7617, UTF-8). */
export function basicAuthorization(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

interface RawAnswer {
  status: number;
  challenges: AuthChallenge[];
  body: Buffer;
}

class TooLarge extends Error {}

/** One GET with the deadline's signal: status, challenges of a 401, and the body (at most maxBytes). */
function get(url: URL, authorization: string | null, signal: AbortSignal, maxBytes: number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = { accept: 'image/jpeg', connection: 'close' };
    if (authorization) headers.authorization = authorization;
    const request = client.request(url, { method: 'GET', headers, signal, ...(url.protocol === 'https:' ? { rejectUnauthorized: false } : {}) }, (response) => {
      const status = response.statusCode ?? 0;
      const challenges = status === 401 ? parseChallenges(response.headersDistinct['www-authenticate'] ?? []) : [];
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        reject(new TooLarge());
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          response.destroy();
          reject(new TooLarge());
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status, challenges, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const isJpeg = (body: Buffer) => body.length >= 2 && body[0] === 0xff && body[1] === 0xd8;

/** The Authorization header for a 401's challenges: Digest when offered (and spoken), else Basic when offered. */
function answerChallenges(challenges: readonly AuthChallenge[], url: URL, username: string, password: string): string | null {
  const uri = `${url.pathname}${url.search}`;
  for (const challenge of challenges.filter((c) => c.scheme === 'digest')) {
    const header = digestAuthorization({ challenge, method: 'GET', uri, username, password });
    if (header) return header;
  }
  return challenges.some((c) => c.scheme === 'basic') ? basicAuthorization(username, password) : null;
}

/**
 * Takes one snapshot. Never throws: every failure is a `SnapshotFailure`. A 401 without stored credentials is
 * `loginNeeded`; a 401 to the answered challenge (or a challenge we cannot answer) is `unauthorized`.
 */
export async function fetchSnapshot(target: SnapshotTarget, limits: SnapshotLimits = DEFAULT_SNAPSHOT_LIMITS): Promise<SnapshotResult> {
  const url = snapshotUrl(target);
  if (!url) return { ok: false, failure: 'badAddress' };
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    let answer = await get(url, null, signal, limits.maxBytes);
    if (answer.status === 401) {
      if (!target.username) return { ok: false, failure: 'loginNeeded', status: 401 };
      const authorization = answerChallenges(answer.challenges, url, target.username, target.password ?? '');
      if (!authorization) return { ok: false, failure: 'unauthorized', status: 401 };
      answer = await get(url, authorization, signal, limits.maxBytes);
      if (answer.status === 401) return { ok: false, failure: 'unauthorized', status: 401 };
    }
    if (answer.status !== 200) return { ok: false, failure: 'http', status: answer.status };
    if (!isJpeg(answer.body)) return { ok: false, failure: 'notJpeg', status: 200 };
    return { ok: true, jpeg: answer.body };
  } catch (error) {
    if (error instanceof TooLarge) return { ok: false, failure: 'tooLarge' };
    if (signal.aborted) return { ok: false, failure: 'timeout' };
    return { ok: false, failure: 'unreachable' };
  }
}
