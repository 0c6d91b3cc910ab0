import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A Hikvision camera on loopback for the camera tests: answers the ISAPI picture paths with a JPEG behind HTTP
 * Digest authentication (RFC 7616, MD5, qop=auth; it checks the response like a camera does), or behind Basic (old
 * cameras), or without a login; and on demand an HTML error page, a slow answer (timeouts) or a huge picture.
 */

export type FakeCameraAuth = 'digest' | 'basic' | 'none';
export type FakeCameraAnswer = 'jpeg' | 'html' | 'slow' | 'huge' | 'error500';

export interface FakeCameraOptions {
  auth: FakeCameraAuth;
  username: string;
  password: string;
  answer: FakeCameraAnswer;
  /** Milliseconds a `slow` answer waits before sending anything. */
  delayMs: number;
}

export interface FakeCameraRequest {
  path: string;
  authorization: string | null;
  /** What the camera made of the request's login. */
  outcome: 'challenged' | 'refused' | 'accepted';
}

/** A real 1x1 JPEG (a PDF can embed it; it passes the FF D8 check). */
export const FAKE_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The parameters of a `Digest k=v, k="v"` header. */
function digestParams(header: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const match of header.slice('Digest '.length).matchAll(/([a-z]+)=(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/gi)) {
    const name = match[1];
    if (name) params[name.toLowerCase()] = (match[2] ?? match[3] ?? '').replace(/\\(.)/g, '$1');
  }
  return params;
}

const PICTURE_PATH = /^\/ISAPI\/(Streaming|ContentMgmt\/StreamingProxy)\/channels\/\d+0[12]\/picture$/;

export interface FakeCamera {
  /** `127.0.0.1:<port>`, what a camera's address field holds. */
  address: string;
  requests: FakeCameraRequest[];
  /** Changes what the camera does from the next request on. */
  set(options: Partial<FakeCameraOptions>): void;
  close(): Promise<void>;
}

/** Starts a fake camera on a free loopback port. */
export async function startFakeCamera(options: Partial<FakeCameraOptions> = {}): Promise<FakeCamera> {
  let settings: FakeCameraOptions = { auth: 'digest', username: 'admin', password: 'Cam#Pass 1', answer: 'jpeg', delayMs: 0, ...options };
  const realm = 'IP Camera(C1234)';
  const nonces = new Set<string>();
  const requests: FakeCameraRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const loginOk = (authorization: string | null, method: string, url: string): boolean => {
    if (settings.auth === 'none') return true;
    if (!authorization) return false;
    if (settings.auth === 'basic') {
      return authorization === `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString('base64')}`;
    }
    if (!authorization.startsWith('Digest ')) return false;
    const p = digestParams(authorization);
    if (p.username !== settings.username || p.realm !== realm || !p.nonce || !nonces.has(p.nonce) || p.uri !== url || p.qop !== 'auth' || !p.nc || !p.cnonce) return false;
    const ha1 = md5(`${settings.username}:${realm}:${settings.password}`);
    const ha2 = md5(`${method}:${p.uri}`);
    return p.response === md5(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:auth:${ha2}`);
  };

  const challenge = (response: http.ServerResponse) => {
    if (settings.auth === 'basic') {
      response.setHeader('www-authenticate', `Basic realm="${realm}"`);
    } else {
      const nonce = randomBytes(12).toString('hex');
      nonces.add(nonce);
      response.setHeader('www-authenticate', [`Digest qop="auth", realm="${realm}", nonce="${nonce}", stale="FALSE", opaque="0123abcd"`, `Basic realm="${realm}"`]);
    }
    response.writeHead(401, { 'content-type': 'text/html' }).end('<html><body>401 Unauthorized</body></html>');
  };

  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    const authorization = request.headers.authorization ?? null;
    if (!PICTURE_PATH.test(url)) {
      requests.push({ path: url, authorization, outcome: 'accepted' });
      response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not Found</body></html>');
      return;
    }
    if (!loginOk(authorization, request.method ?? 'GET', url)) {
      requests.push({ path: url, authorization, outcome: authorization ? 'refused' : 'challenged' });
      challenge(response);
      return;
    }
    requests.push({ path: url, authorization, outcome: 'accepted' });
    switch (settings.answer) {
      case 'jpeg':
        response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': FAKE_JPEG.length }).end(FAKE_JPEG);
        return;
      case 'html':
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Device busy</body></html>');
        return;
      case 'error500':
        response.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>Internal error</body></html>');
        return;
      case 'huge': {
        // A picture without content-length, far beyond any limit: the client must stop reading.
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        response.write(FAKE_JPEG.subarray(0, 2));
        const chunk = Buffer.alloc(64 * 1024, 0x55);
        let sent = 0;
        const pump = () => {
          while (sent < 64 && !response.destroyed) {
            sent += 1;
            if (!response.write(chunk)) {
              response.once('drain', pump);
              return;
            }
          }
          response.end();
        };
        pump();
        return;
      }
      case 'slow':
        setTimeout(() => {
          if (!response.destroyed) response.writeHead(200, { 'content-type': 'image/jpeg' }).end(FAKE_JPEG);
        }, settings.delayMs).unref();
        return;
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    requests,
    set(changes) {
      settings = { ...settings, ...changes };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
