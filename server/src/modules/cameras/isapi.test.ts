import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_JPEG, startFakeCamera, type FakeCamera } from '../../test/fake-camera';
import { digestAuthorization, fetchSnapshot, parseChallenges, snapshotUrl, type SnapshotTarget } from './isapi';

/** The ISAPI client against a fake camera on loopback: Digest, Basic, refused logins, timeouts, error pages, NVR. */
let camera: FakeCamera;
const limits = { timeoutMs: 1500, maxBytes: 256 * 1024 };

const target = (overrides: Partial<SnapshotTarget> = {}): SnapshotTarget => ({
  address: camera.address,
  channel: 1,
  connection: 'direct',
  stream: 'main',
  username: 'admin',
  password: 'Cam#Pass 1',
  ...overrides,
});

beforeAll(async () => {
  camera = await startFakeCamera();
});
afterAll(async () => {
  await camera.close();
});
beforeEach(() => {
  camera.requests.length = 0;
  camera.set({ auth: 'digest', answer: 'jpeg', username: 'admin', password: 'Cam#Pass 1', delayMs: 0 });
});

describe('digest', () => {
  it('answers the RFC 7616 example (MD5, qop=auth) with its published response', () => {
    const [challenge] = parseChallenges(['Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=MD5, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"']);
    if (!challenge) throw new Error('no challenge');
    const header = digestAuthorization({ challenge, method: 'GET', uri: '/dir/index.html', username: 'Mufasa', password: 'Circle of Life', cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ', nc: 1 });
    expect(header).toContain('response="8ca523f5e9506fed4657c9700eebdbec"');
    expect(header).toContain('qop=auth, nc=00000001');
    expect(header).toContain('opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"');
  });

  it('reads several challenges of one header and of several headers', () => {
    const challenges = parseChallenges(['Digest realm="a, b", nonce="n1", qop="auth", Basic realm="cam"', 'Negotiate']);
    expect(challenges.map((c) => c.scheme)).toEqual(['digest', 'basic', 'negotiate']);
    expect(challenges[0]?.params).toMatchObject({ realm: 'a, b', nonce: 'n1', qop: 'auth' });
    expect(challenges[1]?.params).toEqual({ realm: 'cam' });
  });
});

describe('snapshot', () => {
  it('takes the picture through Digest auth: a challenge, then one authorized request on the main stream path', async () => {
    const result = await fetchSnapshot(target(), limits);
    expect(result).toEqual({ ok: true, jpeg: FAKE_JPEG });
    expect(camera.requests.map((r) => [r.path, r.outcome])).toEqual([
      ['/ISAPI/Streaming/channels/101/picture', 'challenged'],
      ['/ISAPI/Streaming/channels/101/picture', 'accepted'],
    ]);
    expect(camera.requests[1]?.authorization).toMatch(/^Digest /);
    expect(camera.requests[1]?.authorization).not.toContain('Cam#Pass 1');
  });

  it('falls back to Basic for an old camera that offers only Basic', async () => {
    camera.set({ auth: 'basic' });
    const result = await fetchSnapshot(target(), limits);
    expect(result.ok).toBe(true);
    expect(camera.requests[1]?.authorization).toMatch(/^Basic /);
  });

  it('asks through the NVR proxy path and the sub stream when so configured', async () => {
    expect((await fetchSnapshot(target({ connection: 'nvr', channel: 3, stream: 'sub' }), limits)).ok).toBe(true);
    expect(camera.requests.at(-1)?.path).toBe('/ISAPI/ContentMgmt/StreamingProxy/channels/302/picture');
    expect(snapshotUrl({ address: 'https://cam.local:8443/ignored', channel: 12, connection: 'direct', stream: 'main' })?.href).toBe('https://cam.local:8443/ISAPI/Streaming/channels/1201/picture');
  });

  it('reports a refused login as unauthorized after exactly one authorized attempt', async () => {
    const result = await fetchSnapshot(target({ password: 'wrong' }), limits);
    expect(result).toEqual({ ok: false, failure: 'unauthorized', status: 401 });
    expect(camera.requests.map((r) => r.outcome)).toEqual(['challenged', 'refused']);
  });

  it('reports a camera that wants a login when none is stored, without guessing one', async () => {
    const result = await fetchSnapshot(target({ username: null, password: null }), limits);
    expect(result).toEqual({ ok: false, failure: 'loginNeeded', status: 401 });
    expect(camera.requests).toHaveLength(1);
  });

  it('refuses an HTML error page, an error status and a picture beyond the size limit', async () => {
    camera.set({ answer: 'html' });
    expect(await fetchSnapshot(target(), limits)).toEqual({ ok: false, failure: 'notJpeg', status: 200 });
    camera.set({ answer: 'error500' });
    expect(await fetchSnapshot(target(), limits)).toEqual({ ok: false, failure: 'http', status: 500 });
    camera.set({ answer: 'huge' });
    expect(await fetchSnapshot(target(), limits)).toEqual({ ok: false, failure: 'tooLarge' });
  });

  it('gives up at the deadline when the camera is slow', async () => {
    camera.set({ answer: 'slow', delayMs: 5000 });
    const started = Date.now();
    expect(await fetchSnapshot(target(), { ...limits, timeoutMs: 300 })).toEqual({ ok: false, failure: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports an address that is not an http host and a camera that cannot be reached', async () => {
    expect(await fetchSnapshot(target({ address: 'ftp://cam.local' }), limits)).toEqual({ ok: false, failure: 'badAddress' });
    expect(await fetchSnapshot(target({ address: 'http://user:pw@cam.local' }), limits)).toEqual({ ok: false, failure: 'badAddress' });
    // A port that was just free: nothing listens there.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    expect(await fetchSnapshot(target({ address: `127.0.0.1:${port}` }), limits)).toEqual({ ok: false, failure: 'unreachable' });
  });
});
