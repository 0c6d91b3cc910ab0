import { z } from 'zod';
import { recordId } from './ids';
import type { MessageOf } from './server-messages';
import { PAGING_KEYS, sortQuery, ZExportLang } from './list-query';
import { defineTransaction } from './transactions/define';
import { emptyToUndefined, ZListSearch, ZOptionalDate, ZOptionalId, ZPageSize } from './cargo';

/*
 * Cameras (issue 12, spec 2.3 `capture-image` and `capture-image/add`): snapshots of the Hik-Connect devices over
 * ISAPI, taken on demand (source `manual`) or at each weighbridge capture (source `weighing`), stored with who took
 * them and when, or with why there is no picture.
 */

/** Where a captured image comes from: the Capture Image screen, or a weighbridge capture. */
export const CAPTURE_SOURCES = ['manual', 'weighing'] as const;
export type CaptureSource = (typeof CAPTURE_SOURCES)[number];

/** Whether a capture gave a picture. */
export const CAPTURE_RESULTS = ['ok', 'failed'] as const;
export type CaptureResult = (typeof CAPTURE_RESULTS)[number];

/**
 * Texts of the cameras the server answers with, and the failures it records on a captured image (the web translates
 * them by their English text; Arabic in the web's cameras section).
 */
export const CameraMessages = {
  created: 'Capture Image created successfully',
  downloaded: 'Capture Image downloaded successfully',
  notFound: 'Capture Image not found',
  noPicture: 'This capture has no picture.',
  cameraNotFound: 'Camera not found',
  cameraInactive: 'This camera is inactive.',
  cameraRequired: 'Please select a camera!',
  failureTimeout: 'The camera did not answer in time.',
  failureUnreachable: 'The camera could not be reached.',
  failureBadAddress: 'The camera address is not valid.',
  failureLoginNeeded: 'The camera asks for a login; enter its username and password.',
  failureUnauthorized: 'The camera refused its username or password; it is not asked again until they change.',
  failureLocked: 'The camera refused its username or password earlier; it is not asked again until they change.',
  failureNotJpeg: 'The camera did not answer with a JPEG picture.',
  failureTooLarge: 'The camera picture is too large.',
  failureHttp: 'The camera answered with an error.',
  failureStorage: 'The picture could not be stored.',
} as const;

/** The Arabic of every camera message (the web's translation and the Arabic export share it). */
export const CameraMessagesAr: Readonly<Record<MessageOf<typeof CameraMessages>, string>> = {
  'Capture Image created successfully': 'تم إنشاء التقاط الصورة بنجاح',
  'Capture Image downloaded successfully': 'تم تنزيل الصورة الملتقطة بنجاح',
  'Capture Image not found': 'الصورة الملتقطة غير موجودة',
  'This capture has no picture.': 'لا توجد صورة لهذا الالتقاط.',
  'Camera not found': 'الكاميرا غير موجودة',
  'This camera is inactive.': 'هذه الكاميرا غير نشطة.',
  'Please select a camera!': 'يرجى اختيار كاميرا!',
  'The camera did not answer in time.': 'لم تستجب الكاميرا في الوقت المحدد.',
  'The camera could not be reached.': 'تعذر الوصول إلى الكاميرا.',
  'The camera address is not valid.': 'عنوان الكاميرا غير صالح.',
  'The camera asks for a login; enter its username and password.': 'تطلب الكاميرا تسجيل الدخول؛ أدخل اسم المستخدم وكلمة المرور الخاصين بها.',
  'The camera refused its username or password; it is not asked again until they change.': 'رفضت الكاميرا اسم المستخدم أو كلمة المرور؛ لن تُطلب مرة أخرى حتى يتم تغييرهما.',
  'The camera refused its username or password earlier; it is not asked again until they change.': 'رفضت الكاميرا اسم المستخدم أو كلمة المرور سابقًا؛ لن تُطلب مرة أخرى حتى يتم تغييرهما.',
  'The camera did not answer with a JPEG picture.': 'لم ترد الكاميرا بصورة JPEG.',
  'The camera picture is too large.': 'صورة الكاميرا كبيرة جدًا.',
  'The camera answered with an error.': 'ردت الكاميرا بخطأ.',
  'The picture could not be stored.': 'تعذر حفظ الصورة.',
};

/** A failure recorded on a captured image (one of CameraMessages' failure texts). */
export type CaptureFailure =
  | typeof CameraMessages.failureTimeout
  | typeof CameraMessages.failureUnreachable
  | typeof CameraMessages.failureBadAddress
  | typeof CameraMessages.failureLoginNeeded
  | typeof CameraMessages.failureUnauthorized
  | typeof CameraMessages.failureLocked
  | typeof CameraMessages.failureNotJpeg
  | typeof CameraMessages.failureTooLarge
  | typeof CameraMessages.failureHttp
  | typeof CameraMessages.failureStorage;

/** Columns the capture image list sorts by (newest first by default). */
export const CAPTURE_IMAGE_SORT_FIELDS = ['takenAt', 'cameraName', 'locationName'] as const;
export type CaptureImageSortField = (typeof CAPTURE_IMAGE_SORT_FIELDS)[number];

/** Filters of `GET /api/captureImage` (screen `capture-image`). */
export const ZCaptureImageListQuery = z.object({
  cameraId: ZOptionalId,
  locationId: ZOptionalId,
  source: z.preprocess(emptyToUndefined, z.enum(CAPTURE_SOURCES).optional()),
  result: z.preprocess(emptyToUndefined, z.enum(CAPTURE_RESULTS).optional()),
  /** On the time taken, inclusive days in the agency's time zone. */
  fromDate: ZOptionalDate,
  toDate: ZOptionalDate,
  /** Camera name (more than 2 characters). */
  search: ZListSearch,
  page: z.coerce.number().int().min(1).default(1),
  limit: ZPageSize,
  ...sortQuery(CAPTURE_IMAGE_SORT_FIELDS, { field: 'takenAt', order: 'desc' }),
});
export type TCaptureImageListQuery = z.input<typeof ZCaptureImageListQuery>;
/** `GET /api/captureImage/export.xlsx`: the list's filters and sort, every matching row, headers in `lang`. */
export const ZCaptureImageExportQuery = ZCaptureImageListQuery.omit(PAGING_KEYS).extend({ lang: ZExportLang });

/** A captured image as the list, the add screen and the export show it. */
export const ZCaptureImage = z.object({
  id: z.number(),
  cameraId: z.number(),
  cameraName: z.string(),
  locationId: z.number(),
  locationName: z.string(),
  machineId: z.number().nullable(),
  machineName: z.string().nullable(),
  /** ISO instant. */
  takenAt: z.string(),
  takenById: z.number().nullable(),
  takenByName: z.string().nullable(),
  source: z.enum(CAPTURE_SOURCES),
  /** Why there is no picture (one of the failure texts); null when there is one. */
  failure: z.string().nullable(),
  hasPicture: z.boolean(),
  /** Size of the JPEG in bytes; null without a picture. */
  size: z.number().nullable(),
});
export type TCaptureImage = z.output<typeof ZCaptureImage>;
export const ZCaptureImageList = z.object({ rows: z.array(ZCaptureImage), count: z.number() });
export type TCaptureImageList = z.output<typeof ZCaptureImageList>;

/** `POST /api/captureImage`: take a snapshot now from one camera. */
export const ZCaptureImageInput = z.object({ cameraId: recordId(CameraMessages.cameraRequired) });
export type TCaptureImageInput = z.input<typeof ZCaptureImageInput>;
/** The answer of a snapshot: the record (with its failure, if any) and the message to show. */
export const ZCaptureImageTaken = z.object({ message: z.string(), image: ZCaptureImage });
export type TCaptureImageTaken = z.output<typeof ZCaptureImageTaken>;

/** A camera of the add screen's picker (`GET /api/captureImage/cameras`): active, in the user's locations. */
export const ZCaptureCamera = z.object({
  id: z.number(),
  name: z.string(),
  locationId: z.number(),
  locationName: z.string(),
  machineId: z.number().nullable(),
  machineName: z.string().nullable(),
  /** Its login was refused: not asked again until its username or password changes. */
  locked: z.boolean(),
});
export type TCaptureCamera = z.output<typeof ZCaptureCamera>;
export const ZCaptureCameraList = z.object({ rows: z.array(ZCaptureCamera) });
export type TCaptureCameraList = z.output<typeof ZCaptureCameraList>;

/** `GET /api/captureImage/:id/picture`: `download=1` answers it as an attachment. */
export const ZCapturePictureQuery = z.object({ download: z.preprocess(emptyToUndefined, z.enum(['0', '1']).optional()) });

/**
 * The capture images as a transaction of the kit: the generated list, export and get; the snapshot itself (a camera
 * may take seconds, never inside a transaction), the picture and the camera picker are the module's own routes.
 */
export const captureImageTransaction = defineTransaction({
  key: 'captureImage',
  api: '/captureImage',
  route: 'capture-image',
  permissionModule: 'CaptureImage',
  labels: { title: 'cameras.title', total: 'cameras.total' },
  operations: ['list', 'export', 'get'],
  schemas: { input: ZCaptureImageInput, listQuery: ZCaptureImageListQuery, exportQuery: ZCaptureImageExportQuery, row: ZCaptureImage, list: ZCaptureImageList },
  sort: { fields: CAPTURE_IMAGE_SORT_FIELDS, default: { field: 'takenAt', order: 'desc' } },
  permissions: {
    export: { anyOf: [{ module: 'CaptureImage', action: 'export' }], alsoAnyOf: [{ module: 'CaptureImage', action: 'view' }] },
  },
  docs: {
    tag: 'cameras',
    summaries: {
      list: "Captured images of the agency's cameras in the user's locations (filtered, paged)",
      export: "Captured images in the user's locations as an Excel file: every row matching the list's filters and sort",
      get: 'One captured image',
    },
  },
  testIds: { page: 'capture-image-page', list: 'captures', row: 'captures' },
  list: {
    columns: [
      { key: 'picture', label: 'cameras.picture', kind: 'custom' },
      { key: 'takenAt', label: 'cameras.takenAt', kind: 'dateTime', field: 'takenAt', sort: 'takenAt' },
      { key: 'camera', label: 'cameras.camera', kind: 'text', field: 'cameraName', sort: 'cameraName' },
      { key: 'location', label: 'cameras.location', kind: 'text', field: 'locationName', sort: 'locationName' },
      { key: 'takenBy', label: 'cameras.takenBy', kind: 'text', field: 'takenByName' },
      { key: 'source', label: 'cameras.source', kind: 'custom' },
      { key: 'result', label: 'cameras.result', kind: 'custom' },
    ],
    filters: [
      { kind: 'search', param: 'search', label: 'cameras.search' },
      { kind: 'reference', param: 'cameraId', label: 'cameras.camera', resource: 'hikConnect' },
      { kind: 'location', param: 'locationId', label: 'cameras.location' },
      { kind: 'enum', param: 'source', label: 'cameras.source', options: CAPTURE_SOURCES, labelPrefix: 'cameras.sources' },
      { kind: 'enum', param: 'result', label: 'cameras.result', options: CAPTURE_RESULTS, labelPrefix: 'cameras.results' },
      { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'cameras.takenAt' },
    ],
    exportFile: 'capture-images.xlsx',
  },
});
