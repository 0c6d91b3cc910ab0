import { createHash, randomUUID } from 'node:crypto';
import {
  CameraMessages,
  resourceByKey,
  type CaptureFailure,
  type CaptureSource,
  type TCaptureCamera,
  type TCaptureImage,
  type TCaptureImageList,
} from '@tonnage/contracts';
import { and, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ZCaptureImageExportQuery, ZCaptureImageListQuery } from '@tonnage/contracts';
import { recordAudit } from '../../platform/audit/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { Database } from '../../platform/db/client';
import { orderByAllowed } from '../../platform/db/list-order';
import { escapeLike } from '../../platform/db/query-helpers';
import { inAgency } from '../../platform/db/tenancy';
import { badRequest, notFound } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import type { FileStorage } from '../../platform/storage/storage';
import { agencyTimezone } from '../../identity/agency-time-zone';
import { scopeCondition, type DataScope } from '../../identity/data-scope';
import { storedFiles } from '../../identity/files.schema';
import { users } from '../../identity/users.schema';
import { columnOf, hikConnectDevices, locations, weightMachines } from '../master-data/master-data.schema';
import { openResourceSecret, type SecretConfig } from '../master-data/master-data.secrets';
import type { CameraShot, CameraSnapshots } from '../weighing/weighing.types';
import { cameraAuthLocks, capturedImages } from './cameras.schema';
import { DEFAULT_SNAPSHOT_LIMITS, fetchSnapshot, type SnapshotFailure, type SnapshotLimits } from './isapi';

/*
 * Cameras (issue 12): a snapshot of a Hik-Connect device over ISAPI, stored as a file of the agency (`captures/`,
 * served only through the capture image routes, which check the data scope) with a captured_images row, or the
 * row alone with why there is none. A camera whose stored login was refused is locked until its credentials change.
 */

/** The stored_files directory of camera pictures (not an upload directory: nothing else writes or serves it). */
export const CAPTURE_DIRECTORY = 'captures';

const FAILURES: Record<SnapshotFailure, CaptureFailure> = {
  timeout: CameraMessages.failureTimeout,
  unreachable: CameraMessages.failureUnreachable,
  badAddress: CameraMessages.failureBadAddress,
  loginNeeded: CameraMessages.failureLoginNeeded,
  unauthorized: CameraMessages.failureUnauthorized,
  notJpeg: CameraMessages.failureNotJpeg,
  tooLarge: CameraMessages.failureTooLarge,
  http: CameraMessages.failureHttp,
};

/** What the cameras need of the app. */
export interface CameraDeps {
  database: Database;
  clock: Clock;
  storage: FileStorage;
  config: SecretConfig;
  limits?: SnapshotLimits;
}

const cam = (name: string) => columnOf(hikConnectDevices, name);
const loc = (name: string) => columnOf(locations, name);
const machine = (name: string) => columnOf(weightMachines, name);
const hikConnect = resourceByKey('hikConnect');

/** A camera as a snapshot needs it: where it stands, how it is reached, its login (the password still sealed). */
export interface CameraRecord {
  id: number;
  name: string;
  isActive: boolean;
  locationId: number;
  locationName: string;
  machineId: number | null;
  machineName: string | null;
  address: string;
  channel: number;
  connection: 'direct' | 'nvr';
  stream: 'main' | 'sub';
  username: string | null;
  sealedPassword: string | null;
}

function selectCameras(tx: Db) {
  return tx
    .select({
      id: cam('id'),
      name: cam('name'),
      isActive: cam('isActive'),
      locationId: cam('locationId'),
      locationName: loc('name'),
      machineId: cam('machineId'),
      machineName: machine('weightMachineId'),
      address: cam('address'),
      channel: cam('channel'),
      connection: cam('connection'),
      stream: cam('stream'),
      username: cam('username'),
      sealedPassword: cam('password'),
    })
    .from(hikConnectDevices)
    .innerJoin(locations, eq(loc('id'), cam('locationId')))
    .leftJoin(weightMachines, eq(machine('id'), cam('machineId')))
    .$dynamic();
}

function toCamera(row: Record<string, unknown>): CameraRecord {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    id: Number(row.id),
    name: String(row.name),
    isActive: row.isActive === true,
    locationId: Number(row.locationId),
    locationName: String(row.locationName),
    machineId: row.machineId === null ? null : Number(row.machineId),
    machineName: text(row.machineName),
    address: String(row.address),
    channel: Number(row.channel),
    connection: row.connection === 'nvr' ? 'nvr' : 'direct',
    stream: row.stream === 'sub' ? 'sub' : 'main',
    username: text(row.username),
    sealedPassword: text(row.sealedPassword),
  };
}

/** The fingerprint of a camera's stored login (username and sealed password); null without a username. */
export function credentialsFingerprint(camera: Pick<CameraRecord, 'id' | 'username' | 'sealedPassword'>): string | null {
  if (!camera.username) return null;
  return createHash('sha256').update(`${camera.id}\u0000${camera.username}\u0000${camera.sealedPassword ?? ''}`).digest('hex');
}

/** Whether the camera's current login is the one it refused. */
async function isLocked(tx: Db, camera: CameraRecord): Promise<boolean> {
  const fingerprint = credentialsFingerprint(camera);
  if (fingerprint === null) return false;
  const [lock] = await tx.select({ credentials: cameraAuthLocks.credentials }).from(cameraAuthLocks).where(eq(cameraAuthLocks.cameraId, camera.id)).limit(1);
  return lock?.credentials === fingerprint;
}

/** The cameras of a picker: active, in the user's locations, with whether each is locked. */
export async function listCaptureCameras(tx: Db, params: { agencyId: number; scope: DataScope }): Promise<TCaptureCamera[]> {
  const rows = await selectCameras(tx)
    .where(and(eq(cam('agencyId'), params.agencyId), eq(cam('isActive'), true), scopeCondition(params.scope, { location: cam('locationId') })))
    .orderBy(sql`lower(${cam('name')})`, cam('id'));
  const cameras = rows.map((row) => toCamera(row));
  const locks = await tx.select({ cameraId: cameraAuthLocks.cameraId, credentials: cameraAuthLocks.credentials }).from(cameraAuthLocks).where(eq(cameraAuthLocks.agencyId, params.agencyId));
  const lockOf = new Map(locks.map((lock) => [lock.cameraId, lock.credentials]));
  return cameras.map((camera) => ({
    id: camera.id,
    name: camera.name,
    locationId: camera.locationId,
    locationName: camera.locationName,
    machineId: camera.machineId,
    machineName: camera.machineName,
    locked: lockOf.has(camera.id) && lockOf.get(camera.id) === credentialsFingerprint(camera),
  }));
}

/** One camera of the agency in the user's scope for a manual snapshot: 404 outside, 400 when inactive. */
export async function cameraForSnapshot(tx: Db, params: { agencyId: number; scope: DataScope; id: number }): Promise<CameraRecord> {
  const [row] = await selectCameras(tx).where(and(eq(cam('agencyId'), params.agencyId), eq(cam('id'), params.id), scopeCondition(params.scope, { location: cam('locationId') })));
  if (!row) throw notFound(CameraMessages.cameraNotFound);
  const camera = toCamera(row);
  if (!camera.isActive) throw badRequest(CameraMessages.cameraInactive, { cameraId: CameraMessages.cameraInactive });
  return camera;
}

const takenBy = alias(users, 'taken_by_user');

function selectImages(tx: Db) {
  return tx
    .select({
      id: capturedImages.id,
      cameraId: capturedImages.cameraId,
      cameraName: capturedImages.cameraName,
      locationId: capturedImages.locationId,
      locationName: loc('name'),
      machineId: capturedImages.machineId,
      machineName: machine('weightMachineId'),
      takenAt: capturedImages.takenAt,
      takenById: capturedImages.takenBy,
      takenByName: sql<string | null>`nullif(trim(concat_ws(' ', ${takenBy.firstName}, ${takenBy.lastName})), '')`,
      source: capturedImages.source,
      failure: capturedImages.failure,
      fileId: capturedImages.fileId,
      path: storedFiles.path,
      size: storedFiles.size,
    })
    .from(capturedImages)
    .innerJoin(locations, eq(loc('id'), capturedImages.locationId))
    .leftJoin(weightMachines, eq(machine('id'), capturedImages.machineId))
    .leftJoin(takenBy, eq(takenBy.id, capturedImages.takenBy))
    .leftJoin(storedFiles, eq(storedFiles.id, capturedImages.fileId))
    .$dynamic();
}

type ImageRow = Awaited<ReturnType<ReturnType<typeof selectImages>['execute']>>[number];

function toCaptureImage(row: ImageRow): TCaptureImage {
  return {
    id: row.id,
    cameraId: row.cameraId,
    cameraName: row.cameraName,
    locationId: row.locationId,
    locationName: String(row.locationName),
    machineId: row.machineId,
    machineName: typeof row.machineName === 'string' ? row.machineName : null,
    takenAt: row.takenAt.toISOString(),
    takenById: row.takenById,
    takenByName: row.takenByName,
    source: row.source === 'weighing' ? 'weighing' : 'manual',
    failure: row.failure,
    hasPicture: row.fileId !== null,
    size: row.fileId === null ? null : row.size,
  };
}

const imageSort = {
  takenAt: capturedImages.takenAt,
  cameraName: sql`lower(${capturedImages.cameraName})`,
  locationName: sql`lower(${loc('name')})`,
} as const;

type ImageFilters = Omit<z.output<typeof ZCaptureImageExportQuery>, 'lang'>;

const dayStart = (day: string, timezone: string) => sql`(${day}::date::timestamp at time zone ${timezone})`;
const dayEnd = (day: string, timezone: string) => sql`((${day}::date + 1)::timestamp at time zone ${timezone})`;

/** The WHERE of the list and its export: agency, the user's locations, the filters (days in the agency's time zone). */
async function imageConditions(tx: Db, params: { agencyId: number; scope: DataScope; q: ImageFilters }): Promise<SQL | undefined> {
  const { q } = params;
  const timezone = q.fromDate !== undefined || q.toDate !== undefined ? await agencyTimezone(tx, params.agencyId) : 'UTC';
  return and(
    eq(capturedImages.agencyId, params.agencyId),
    scopeCondition(params.scope, { location: capturedImages.locationId }),
    q.cameraId === undefined ? undefined : eq(capturedImages.cameraId, q.cameraId),
    q.locationId === undefined ? undefined : eq(capturedImages.locationId, q.locationId),
    q.source === undefined ? undefined : eq(capturedImages.source, q.source),
    q.result === undefined ? undefined : q.result === 'ok' ? sql`${capturedImages.fileId} is not null` : sql`${capturedImages.fileId} is null`,
    q.fromDate === undefined ? undefined : sql`${capturedImages.takenAt} >= ${dayStart(q.fromDate, timezone)}`,
    q.toDate === undefined ? undefined : sql`${capturedImages.takenAt} < ${dayEnd(q.toDate, timezone)}`,
    q.search === undefined ? undefined : ilike(capturedImages.cameraName, `%${escapeLike(q.search)}%`),
  );
}

/** A page of the captured images in the user's locations. */
export async function listCaptureImages(tx: Db, params: { agencyId: number; scope: DataScope; query: z.output<typeof ZCaptureImageListQuery> }): Promise<TCaptureImageList> {
  const q = params.query;
  const where = await imageConditions(tx, { ...params, q });
  const rows = await selectImages(tx)
    .where(where)
    .orderBy(...orderByAllowed(imageSort, q, capturedImages.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(capturedImages)
    .innerJoin(locations, eq(loc('id'), capturedImages.locationId))
    .where(where);
  return { rows: rows.map(toCaptureImage), count: total?.count ?? 0 };
}

/** Every captured image the filters and the user's locations match, in the list's order, as the export's cursor source. */
export async function captureImageExportSource(tx: Db, params: { agencyId: number; scope: DataScope; query: ImageFilters }): Promise<CursorSource<TCaptureImage>> {
  const q = params.query;
  const where = await imageConditions(tx, { ...params, q });
  return cursorSource(selectImages(tx).where(where).orderBy(...orderByAllowed(imageSort, q, capturedImages.id)), (_tx, rows) => rows.map(toCaptureImage));
}

/** One captured image of the agency in the user's locations (404 otherwise), with its file's storage key. */
export async function getCaptureImage(tx: Db, params: { agencyId: number; scope: DataScope; id: number }): Promise<TCaptureImage & { path: string | null }> {
  const [row] = await selectImages(tx).where(and(eq(capturedImages.agencyId, params.agencyId), eq(capturedImages.id, params.id), scopeCondition(params.scope, { location: capturedImages.locationId })));
  if (!row) throw notFound(CameraMessages.notFound);
  return { ...toCaptureImage(row), path: row.path };
}

/** The key of a new camera picture: `captures/<yyyy>/<mm>/<uuid>.jpg`. */
function pictureKey(now: Date): string {
  return `${CAPTURE_DIRECTORY}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.jpg`;
}

/** The camera's password, or null when none is stored (or it cannot be opened: the camera then refuses the login). */
function passwordOf(deps: CameraDeps, agencyId: number, camera: CameraRecord): string | null {
  if (!camera.sealedPassword) return null;
  try {
    return openResourceSecret(deps.config, { agencyId, resource: hikConnect, field: 'password', sealed: camera.sealedPassword });
  } catch {
    return null;
  }
}

/**
 * Takes one snapshot of a camera and records it (outside any transaction while the camera answers): the locked
 * check, the ISAPI request, the picture into storage, then one transaction for the stored file, the captured image,
 * the lock after a refused login, and the audit row. Answers the recorded image.
 */
export async function takeSnapshot(
  deps: CameraDeps,
  params: { agencyId: number; camera: CameraRecord; userId: number; source: CaptureSource; weighing?: { kind: string; id: number } },
): Promise<{ image: TCaptureImage; fileId: number | null }> {
  const { agencyId, camera } = params;
  const { db } = deps.database;
  const locked = await inAgency(db, agencyId, (tx) => isLocked(tx, camera));
  let failure: CaptureFailure | null = null;
  let picture: { key: string; size: number } | null = null;
  let refused = false;
  if (locked) {
    failure = CameraMessages.failureLocked;
  } else {
    const result = await fetchSnapshot(
      { address: camera.address, channel: camera.channel, connection: camera.connection, stream: camera.stream, username: camera.username, password: passwordOf(deps, agencyId, camera) },
      deps.limits ?? DEFAULT_SNAPSHOT_LIMITS,
    );
    if (result.ok) {
      const key = pictureKey(deps.clock.now());
      try {
        await deps.storage.put(key, result.jpeg, 'image/jpeg');
        picture = { key, size: result.jpeg.length };
      } catch {
        failure = CameraMessages.failureStorage;
      }
    } else {
      failure = FAILURES[result.failure];
      refused = result.failure === 'unauthorized';
    }
  }
  const takenAt = deps.clock.now();
  try {
    return await inAgency(db, agencyId, async (tx) => {
      let fileId: number | null = null;
      if (picture) {
        const stamp = takenAt.toISOString().replace(/[:.]/g, '-');
        const [file] = await tx
          .insert(storedFiles)
          .values({ path: picture.key, agencyId, uploadedBy: params.userId, directory: CAPTURE_DIRECTORY, originalName: `${camera.name}-${stamp}.jpg`, mimeType: 'image/jpeg', size: picture.size, createdAt: takenAt })
          .returning({ id: storedFiles.id });
        fileId = file?.id ?? null;
      }
      const [inserted] = await tx
        .insert(capturedImages)
        .values({
          agencyId,
          cameraId: camera.id,
          cameraName: camera.name,
          locationId: camera.locationId,
          machineId: camera.machineId,
          fileId,
          takenAt,
          takenBy: params.userId,
          source: params.source,
          weighingKind: params.weighing?.kind ?? null,
          weighingId: params.weighing?.id ?? null,
          failure: fileId === null ? (failure ?? CameraMessages.failureStorage) : null,
        })
        .returning({ id: capturedImages.id });
      if (!inserted) throw new Error('captured_images insert returned no row');
      const fingerprint = credentialsFingerprint(camera);
      if (refused && fingerprint !== null) {
        await tx
          .insert(cameraAuthLocks)
          .values({ cameraId: camera.id, agencyId, credentials: fingerprint, lockedAt: takenAt })
          .onConflictDoUpdate({ target: cameraAuthLocks.cameraId, set: { credentials: fingerprint, lockedAt: takenAt } });
      }
      const [row] = await selectImages(tx).where(and(eq(capturedImages.agencyId, agencyId), eq(capturedImages.id, inserted.id)));
      if (!row) throw new Error('captured image not found after insert');
      const image = toCaptureImage(row);
      await recordAudit(tx, { agencyId, userId: params.userId, action: 'create', entity: 'captureImage', entityId: image.id, after: image, at: takenAt });
      return { image, fileId };
    });
  } catch (error) {
    if (picture) await deps.storage.delete(picture.key).catch(() => undefined);
    throw error;
  }
}

/**
 * The cameras' side of a weighbridge capture (`CameraSnapshots`, weighing.types.ts): every active camera watching
 * the weighbridge, asked in parallel; never throws (a camera that fails, or cannot even be recorded, answers its
 * failure).
 */
export function createCameraSnapshots(deps: CameraDeps): CameraSnapshots {
  return {
    async atCapture({ agencyId, machineId, userId, weighing }): Promise<CameraShot[]> {
      let cameras: CameraRecord[];
      try {
        const rows = await inAgency(deps.database.db, agencyId, (tx) =>
          selectCameras(tx).where(and(eq(cam('agencyId'), agencyId), eq(cam('machineId'), machineId), eq(cam('isActive'), true))).orderBy(cam('id')),
        );
        cameras = rows.map((row) => toCamera(row));
      } catch {
        return [];
      }
      // eslint-disable-next-line no-restricted-syntax -- each camera is its own HTTP call, and takeSnapshot opens its own transactions on the pool
      return Promise.all(
        cameras.map(async (camera): Promise<CameraShot> => {
          try {
            const { image, fileId } = await takeSnapshot(deps, { agencyId, camera, userId, source: 'weighing', ...(weighing ? { weighing } : {}) });
            return { cameraId: camera.id, cameraName: camera.name, fileId, failure: image.failure };
          } catch {
            return { cameraId: camera.id, cameraName: camera.name, fileId: null, failure: CameraMessages.failureStorage };
          }
        }),
      );
    },
  };
}

