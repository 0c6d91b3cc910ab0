import { CameraMessages, resourceByKey, type TCaptureCameraList, type TCaptureImage, type TCaptureImageList, type TCaptureImageTaken, type TResourceRow } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storedFiles } from '../../identity/files.schema';
import { FAKE_JPEG, startFakeCamera, type FakeCamera } from '../../test/fake-camera';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { sampleInput, sampleReferences } from '../../test/resource-samples';
import { capturedImages } from './cameras.schema';

/**
 * Cameras through the app, against a fake camera on loopback: the manual snapshot, the picture and its download,
 * the lock after a refused login (no request until the credentials change), the weighbridge's snapshots at a
 * capture, and the routes' permissions and data scope.
 */
let t: TestApp;
let fake: FakeCamera;
let agencyId: number;
let admin: string;
let adminId: number;
let machine: TResourceRow;
let camera: TResourceRow;
let serial = 40_000;

type Json = Record<string, unknown>;
const headers = (token: string) => ({ ...bearer(token), 'x-agency-id': String(agencyId) });
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Json, token = admin) => t.app.inject({ method, url, headers: headers(token), ...(payload ? { payload } : {}) });

/** Creates a master-data row through the API (references made first), with overrides. */
async function createRow(key: string, overrides: Json = {}): Promise<TResourceRow> {
  const resource = resourceByKey(key);
  const refs = await sampleReferences(resource, async (target) => (await createRow(target.key)).id);
  serial += 1;
  const response = await call('POST', `/api/${key}`, { ...sampleInput(resource, serial, refs), ...overrides });
  if (response.statusCode !== 201) throw new Error(`create ${key}: ${response.statusCode} ${response.body}`);
  return response.json<TResourceRow>();
}

/** A camera on the fake camera's address, watching `machine` (at its location). */
const cameraOf = (overrides: Json = {}) =>
  createRow('hikConnect', { address: fake.address, channel: 1, connection: null, stream: null, username: 'admin', password: 'Cam#Pass 1', locationId: machine.locationId, machineId: machine.id, ...overrides });

/** The camera's body for an update (every field, the password as given: empty keeps the stored one). */
const cameraBody = (row: TResourceRow, overrides: Json = {}): Json => ({
  name: row.name, locationId: row.locationId, machineId: row.machineId, deviceSerial: row.deviceSerial, address: row.address, channel: row.channel,
  connection: row.connection, stream: row.stream, username: row.username, password: null, ...overrides,
});

const snapshot = async (cameraId: number, token = admin) => {
  const response = await call('POST', '/api/captureImage', { cameraId }, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TCaptureImageTaken>();
};

beforeAll(async () => {
  fake = await startFakeCamera();
  t = await createTestApp();
  const db = t.database.db;
  agencyId = (await makeAgency(db, { name: 'Cameras A' })).id;
  const user = await makeUser(db, { kind: 'agencyAdmin', agencyId });
  adminId = user.id;
  admin = await loginAs(t.app, user.username);
  machine = await createRow('weightMachine');
  camera = await cameraOf({ name: 'Gate Camera' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.set({ auth: 'digest', answer: 'jpeg', username: 'admin', password: 'Cam#Pass 1' });
});

describe('manual snapshot', () => {
  it('stores the picture and serves it inline and as a download, never through /api/files', async () => {
    const taken = await snapshot(camera.id);
    expect(taken.message).toBe(CameraMessages.created);
    expect(taken.image).toMatchObject({ cameraId: camera.id, cameraName: 'Gate Camera', locationId: machine.locationId, machineId: machine.id, source: 'manual', failure: null, hasPicture: true, size: FAKE_JPEG.length, takenById: adminId });
    expect(fake.requests.map((r) => r.outcome)).toEqual(['challenged', 'accepted']);

    const inline = await call('GET', `/api/captureImage/${taken.image.id}/picture`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('image/jpeg');
    expect(inline.rawPayload.equals(FAKE_JPEG)).toBe(true);
    const download = await call('GET', `/api/captureImage/${taken.image.id}/picture?download=1`);
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment; filename="Gate Camera-/);

    const [row] = await t.database.db.select({ fileId: capturedImages.fileId }).from(capturedImages).where(eq(capturedImages.id, taken.image.id));
    const [file] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, Number(row?.fileId)));
    expect(file).toMatchObject({ agencyId, directory: 'captures', mimeType: 'image/jpeg', size: FAKE_JPEG.length });
    expect((await call('GET', `/api/files/${String(file?.path)}`)).statusCode).toBe(404);

    const list = (await call('GET', '/api/captureImage?source=manual&result=ok')).json<TCaptureImageList>();
    expect(list.rows.find((r) => r.id === taken.image.id)).toMatchObject({ takenByName: 'Test', source: 'manual' });
  });

  it('records an HTML error page as a failure without a picture', async () => {
    fake.set({ answer: 'html' });
    const taken = await snapshot(camera.id);
    expect(taken.message).toBe(CameraMessages.failureNotJpeg);
    expect(taken.image).toMatchObject({ failure: CameraMessages.failureNotJpeg, hasPicture: false, size: null });
    const picture = await call('GET', `/api/captureImage/${taken.image.id}/picture`);
    expect(picture.statusCode).toBe(404);
    expect(picture.json<{ message: string }>().message).toBe(CameraMessages.noPicture);
  });

  it('refuses an inactive camera, an unknown one and a bad id', async () => {
    const inactive = await cameraOf();
    expect((await call('PUT', `/api/hikConnect/${inactive.id}/toggle-status`)).statusCode).toBe(200);
    const refused = await call('POST', '/api/captureImage', { cameraId: inactive.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(CameraMessages.cameraInactive);
    expect((await call('POST', '/api/captureImage', { cameraId: 999_999 })).statusCode).toBe(404);
    expect((await call('POST', '/api/captureImage', { cameraId: 'x' })).statusCode).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('a refused login locks the camera', () => {
  it('asks once, then not again until the username or password changes', async () => {
    const own = await createRow('weightMachine');
    const locked = await cameraOf({ name: 'Lock Camera', locationId: own.locationId, machineId: own.id });
    fake.set({ password: 'Changed#On Camera' });
    const first = await snapshot(locked.id);
    expect(first.image.failure).toBe(CameraMessages.failureUnauthorized);
    expect(fake.requests.map((r) => r.outcome)).toEqual(['challenged', 'refused']);

    const second = await snapshot(locked.id);
    expect(second.image.failure).toBe(CameraMessages.failureLocked);
    expect(fake.requests).toHaveLength(2);
    const shots = await t.context.cameras.atCapture({ agencyId, machineId: own.id, userId: adminId });
    expect(shots).toEqual([{ cameraId: locked.id, cameraName: 'Lock Camera', fileId: null, failure: CameraMessages.failureLocked }]);
    expect(fake.requests.filter((r) => r.outcome === 'refused')).toHaveLength(1);
    const picker = (await call('GET', '/api/captureImage/cameras')).json<TCaptureCameraList>();
    expect(picker.rows.find((c) => c.id === locked.id)?.locked).toBe(true);

    // An update that keeps the stored password (empty) changes nothing: still locked.
    expect((await call('PUT', `/api/hikConnect/${locked.id}`, cameraBody(locked, { name: 'Lock Camera 2' }))).statusCode).toBe(200);
    expect((await snapshot(locked.id)).image.failure).toBe(CameraMessages.failureLocked);
    expect(fake.requests.filter((r) => r.outcome === 'refused')).toHaveLength(1);

    // The new password: asked again, and it works.
    expect((await call('PUT', `/api/hikConnect/${locked.id}`, cameraBody(locked, { password: 'Changed#On Camera' }))).statusCode).toBe(200);
    expect((await call('GET', '/api/captureImage/cameras')).json<TCaptureCameraList>().rows.find((c) => c.id === locked.id)?.locked).toBe(false);
    const after = await snapshot(locked.id);
    expect(after.image).toMatchObject({ failure: null, hasPicture: true });
    expect((await call('PUT', `/api/hikConnect/${locked.id}/toggle-status`)).statusCode).toBe(200);
  });

  it('a camera without a stored login that asks for one is not locked', async () => {
    const open = await cameraOf({ name: 'No Login Camera', username: null, password: null });
    expect((await snapshot(open.id)).image.failure).toBe(CameraMessages.failureLoginNeeded);
    expect((await snapshot(open.id)).image.failure).toBe(CameraMessages.failureLoginNeeded);
    expect(fake.requests).toHaveLength(2);
    expect((await call('PUT', `/api/hikConnect/${open.id}/toggle-status`)).statusCode).toBe(200);
  });
});

describe('snapshots at a weighbridge capture', () => {
  it('asks every active camera of the weighbridge in parallel, records each with source weighing, never throws', async () => {
    const broken = await cameraOf({ name: 'Unreachable Camera', address: '127.0.0.1:1' });
    const elsewhere = await createRow('weightMachine');
    await createRow('hikConnect', { address: fake.address, locationId: elsewhere.locationId, machineId: elsewhere.id, username: 'admin', password: 'Cam#Pass 1' });
    const shots = await t.context.cameras.atCapture({ agencyId, machineId: machine.id, userId: adminId, weighing: { kind: 'outboundFirstWeight', id: 77 } });
    expect(shots.map((s) => s.cameraId).sort((a, b) => a - b)).toEqual([camera.id, broken.id].sort((a, b) => a - b));
    const linked = await t.database.db.select({ cameraId: capturedImages.cameraId, source: capturedImages.source }).from(capturedImages).where(eq(capturedImages.weighingId, 77));
    expect(linked.map((r) => [r.cameraId, r.source]).sort()).toEqual([[camera.id, 'weighing'], [broken.id, 'weighing']].sort());
    expect(shots.find((s) => s.cameraId === camera.id)).toMatchObject({ cameraName: 'Gate Camera', failure: null });
    expect(shots.find((s) => s.cameraId === camera.id)?.fileId).toEqual(expect.any(Number));
    expect(shots.find((s) => s.cameraId === broken.id)).toMatchObject({ fileId: null, failure: CameraMessages.failureUnreachable });
    // Only the weighbridge's own camera reached the fake camera.
    expect(fake.requests.filter((r) => r.outcome === 'accepted')).toHaveLength(1);
    const list = (await call('GET', '/api/captureImage?source=weighing')).json<TCaptureImageList>();
    expect(list.rows.filter((r) => r.cameraId === camera.id || r.cameraId === broken.id).map((r) => [r.cameraId, r.hasPicture])).toEqual(
      expect.arrayContaining([
        [camera.id, true],
        [broken.id, false],
      ]),
    );
    expect((await call('PUT', `/api/hikConnect/${broken.id}/toggle-status`)).statusCode).toBe(200);
    expect(await t.context.cameras.atCapture({ agencyId, machineId: 999_999, userId: adminId })).toEqual([]);
  });
});

describe('permissions and data scope', () => {
  async function userWith(permissions: string[], locationIds: number[] = []) {
    const role = await makeRole(t.database.db, { agencyId, permissions });
    const user = await makeUser(t.database.db, { kind: 'agencyUser', agencyId, roleId: role.id, locationIds });
    return loginAs(t.app, user.username);
  }

  it('view reads, add takes, export needs its flag and a view flag', async () => {
    const viewer = await userWith(['canViewCaptureImage']);
    expect((await call('GET', '/api/captureImage', undefined, viewer)).statusCode).toBe(200);
    expect((await call('POST', '/api/captureImage', { cameraId: camera.id }, viewer)).statusCode).toBe(403);
    expect((await call('GET', '/api/captureImage/export.xlsx', undefined, viewer)).statusCode).toBe(403);
    const exporter = await userWith(['canViewCaptureImage', 'canExportCaptureImage']);
    const exported = await call('GET', '/api/captureImage/export.xlsx?lang=en&source=manual', undefined, exporter);
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Taken at', 'Camera', 'Location', 'Weight machine', 'Taken by', 'Source', 'Result']);
    expect(sheet?.getColumn(2).values).toContain('Gate Camera');
    const noRole = await userWith(['canViewTruck']);
    expect((await call('GET', '/api/captureImage', undefined, noRole)).statusCode).toBe(403);
    expect((await call('GET', '/api/captureImage/cameras', undefined, noRole)).statusCode).toBe(403);
    const weigher = await userWith(['canViewOutboundFirstWeight']);
    const anyImage = (await call('GET', '/api/captureImage?result=ok')).json<TCaptureImageList>().rows[0] as TCaptureImage;
    expect((await call('GET', `/api/captureImage/${anyImage.id}/picture`, undefined, weigher)).statusCode).toBe(200);
    expect((await call('GET', `/api/captureImage/${anyImage.id}`, undefined, weigher)).statusCode).toBe(403);
  });

  it("a user of other locations sees none of this location's cameras or captures", async () => {
    const otherWarehouse = await createRow('warehouse');
    const outsider = await userWith(['canViewCaptureImage', 'canAddCaptureImage', 'canExportCaptureImage'], [otherWarehouse.id]);
    const anyImage = (await call('GET', '/api/captureImage?result=ok')).json<TCaptureImageList>().rows[0] as TCaptureImage;
    expect((await call('GET', '/api/captureImage', undefined, outsider)).json<TCaptureImageList>()).toEqual({ rows: [], count: 0 });
    expect((await call('GET', `/api/captureImage/${anyImage.id}`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/captureImage/${anyImage.id}/picture`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('GET', '/api/captureImage/cameras', undefined, outsider)).json<TCaptureCameraList>().rows).toEqual([]);
    const before = fake.requests.length;
    expect((await call('POST', '/api/captureImage', { cameraId: camera.id }, outsider)).statusCode).toBe(404);
    expect(fake.requests).toHaveLength(before);
    const insider = await userWith(['canViewCaptureImage'], [Number(machine.locationId)]);
    expect((await call('GET', `/api/captureImage/${anyImage.id}`, undefined, insider)).statusCode).toBe(200);
  });
});
