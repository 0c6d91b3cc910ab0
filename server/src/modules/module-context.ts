import type { ExportKit } from '../kit/export';
import type { ExportJobs } from './exports/export-runner';
import type { Clock } from '../platform/clock';
import type { AppConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import type { Mailer } from '../platform/mail/mailer';
import type { Realtime } from '../platform/realtime/realtime';
import type { FileStorage } from '../platform/storage/storage';
import type { SettingsService } from './settings/settings.service';
import type { CameraSnapshots, WeighbridgeHub } from './weighing/weighing.types';

/** What every module's routes receive. */
export interface ModuleContext {
  config: AppConfig;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  storage: FileStorage;
  realtime: Realtime;
  settings: SettingsService;
  /** The live weighbridge readings this process sees (fed by the gateway through the reading bus). */
  weighbridges: WeighbridgeHub;
  /** Snapshots of a weighbridge's cameras at a capture (modules/cameras). */
  cameras: CameraSnapshots;
  /** The export datasets, the background export jobs and their settings (kit/export.ts, modules/exports). */
  exports: ExportKit & { jobs: ExportJobs };
}
