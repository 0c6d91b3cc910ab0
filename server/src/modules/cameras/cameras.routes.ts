import {
  CAPTURE_SOURCES,
  CameraMessages,
  CameraMessagesAr,
  ZCaptureCameraList,
  ZCaptureImageInput,
  ZCaptureImageTaken,
  ZCapturePictureQuery,
  ZIdParams,
  captureImageTransaction,
  type CaptureSource,
  type PermissionRef,
  type TCaptureImage,
} from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, cargoRoute, fileRoute, registerTransaction, runCommand } from '../../kit';
import { access, requireAgency, requireSession } from '../../identity/access';
import { dataScopeOfSession } from '../../identity/data-scope';
import { inAgency } from '../../platform/db/tenancy';
import { notFound } from '../../platform/errors';
import type { ExcelColumn, ExcelLang } from '../../platform/excel';
import { dateTimeColumn, textColumn } from '../../platform/record-export';
import type { ModuleContext } from '../module-context';
import { cameraForSnapshot, captureImageExportSource, getCaptureImage, listCaptureCameras, listCaptureImages, takeSnapshot, type CameraDeps } from './cameras.service';

const tags = ['cameras'];
const VIEW: PermissionRef = { module: 'CaptureImage', action: 'view' };
const ADD: PermissionRef = { module: 'CaptureImage', action: 'add' };
/** Who may see a picture: the capture image screen, and the outbound weighings whose tickets show it. */
const PICTURE_READERS: PermissionRef[] = [VIEW, { module: 'OutboundFirstWeight', action: 'view' }, { module: 'OutboundSecondWeight', action: 'view' }];

const sourceText: Record<CaptureSource, { en: string; ar: string }> = {
  manual: { en: 'Manual', ar: 'يدوي' },
  weighing: { en: 'Weighing', ar: 'وزن' },
};

/** The export's columns in a language, times at the agency's wall clock. */
function exportColumns(lang: ExcelLang, timeZone: string): ExcelColumn<TCaptureImage>[] {
  const failureText = (failure: string) => (lang === 'ar' ? (CameraMessagesAr as Record<string, string>)[failure] ?? failure : failure);
  return [
    dateTimeColumn('takenAt', { en: 'Taken at', ar: 'وقت الالتقاط' }, lang, timeZone, (row) => row.takenAt),
    textColumn('camera', { en: 'Camera', ar: 'الكاميرا' }, lang, (row) => row.cameraName),
    textColumn('location', { en: 'Location', ar: 'الموقع' }, lang, (row) => row.locationName),
    textColumn('weighbridge', { en: 'Weight machine', ar: 'ميزان الشاحنات' }, lang, (row) => row.machineName),
    textColumn('takenBy', { en: 'Taken by', ar: 'بواسطة' }, lang, (row) => row.takenByName),
    textColumn('source', { en: 'Source', ar: 'المصدر' }, lang, (row) => sourceText[CAPTURE_SOURCES.includes(row.source) ? row.source : 'manual'][lang]),
    textColumn('result', { en: 'Result', ar: 'النتيجة' }, lang, (row) => (row.failure === null ? (lang === 'ar' ? 'تم' : 'OK') : failureText(row.failure))),
  ];
}

/** `attachment` (download) or `inline` with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Capture Image (spec 2.3 `capture-image`, `capture-image/add`): the kit's list, export and get of
 * `captureImageTransaction`; `POST /api/captureImage` takes a snapshot now from one camera (the camera is asked
 * outside any transaction); `GET /api/captureImage/cameras` the add screen's picker; `GET /api/captureImage/:id/picture`
 * the JPEG (`?download=1` as an attachment). Every read is narrowed to the user's locations.
 */
export function registerCameraRoutes(api: FastifyInstance, context: ModuleContext): void {
  const deps: CameraDeps = { database: context.database, clock: context.clock, storage: context.storage, config: context.config };

  registerTransaction(api, context, captureImageTransaction, {
    list: (tx, actor, query) => listCaptureImages(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportSource: (tx, actor, query) => captureImageExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportColumns,
    exportSheet: { en: 'Captured images', ar: 'الصور الملتقطة' },
    get: async (tx, actor, id) => {
      const { path: _path, ...image } = await getCaptureImage(tx, { agencyId: actor.agencyId, scope: actor.scope, id });
      return image;
    },
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/captureImage/cameras',
    permission: { anyOf: [VIEW, ADD] },
    tags,
    summary: "The agency's active cameras in the user's locations (the Capture Image picker), with whether each is locked",
    response: ZCaptureCameraList,
    work: async (tx, actor) => ({ rows: await listCaptureCameras(tx, { agencyId: actor.agencyId, scope: actor.scope }) }),
  });

  api.withTypeProvider<ZodTypeProvider>().post(
    '/captureImage',
    {
      config: { access: access.permission('canAddCaptureImage', { agency: 'required' }) },
      schema: {
        tags,
        summary: 'Take a snapshot now from one camera; the capture is recorded with its picture or its failure',
        body: ZCaptureImageInput,
        response: { 200: ZCaptureImageTaken, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const agencyId = requireAgency(request);
      const camera = await inAgency(context.database.db, agencyId, async (tx) => cameraForSnapshot(tx, { agencyId, scope: await dataScopeOfSession(tx, session), id: request.body.cameraId }));
      const { image } = await takeSnapshot(deps, { agencyId, camera, userId: session.user.id, source: 'manual' });
      return { message: image.failure ?? CameraMessages.created, image };
    },
  );

  fileRoute(api, {
    url: '/captureImage/:id/picture',
    permission: { anyOf: PICTURE_READERS },
    tags,
    summary: 'The JPEG of a captured image in the user\'s locations (`download=1`: as an attachment)',
    params: ZIdParams,
    querystring: ZCapturePictureQuery,
    send: async (request, reply, { params, query }) => {
      const image = await runCommand(context, request, (tx, actor) => getCaptureImage(tx, { agencyId: actor.agencyId, scope: actor.scope, id: params.id }));
      if (image.path === null) throw notFound(CameraMessages.noPicture);
      const stored = await context.storage.get(image.path);
      if (!stored) throw notFound(CameraMessages.noPicture);
      const stamp = image.takenAt.slice(0, 19).replace(/[:T]/g, '-');
      void reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', disposition(query.download === '1' ? 'attachment' : 'inline', `${image.cameraName}-${stamp}.jpg`))
        .header('x-content-type-options', 'nosniff');
      if (stored.size !== undefined) void reply.header('content-length', stored.size);
      return reply.send(stored.body);
    },
  });
}
