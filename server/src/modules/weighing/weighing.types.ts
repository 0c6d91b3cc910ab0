/**
 * The seams of weighing (issue 12) between its parts: indicator codecs (indicators/), the stability rules
 * (stability.ts), the gateway and its reading hub (gateway/), the outbound weighings and the cameras.
 */
import type { IndicatorFormat, StabilitySettings } from '@tonnage/contracts';

/** One frame an indicator sent, decoded. Weights in kilograms (the indicator's decimal point applied). */
export interface IndicatorReading {
  kg: number;
  /** The indicator's own stability flag; null for formats without one (yaohua). */
  stable: boolean | null;
  overload: boolean;
  /** The indicator shows a net weight (tare applied). */
  net?: boolean;
}

/** Decodes a byte stream: resynchronises on its start byte, drops (and counts) what it cannot read, never guesses. */
export interface IndicatorParser {
  push(chunk: Uint8Array): IndicatorReading[];
  /** Frames dropped so far (bad checksum, garbage, unreadable). */
  readonly dropped: number;
}

/** A format: its parser, its encoder (the simulator and tests) and what the host must send to get frames. */
export interface IndicatorCodec {
  format: IndicatorFormat;
  createParser(): IndicatorParser;
  /** One frame as the indicator would send it. */
  encode(reading: IndicatorReading): Buffer;
  /**
   * What the host sends: `request` once on connect, then every `everyMs` when given (MT-SICS `SI`); the
   * simulator answers such requests. Absent for formats that stream by themselves.
   */
  poll?: { request: Buffer; everyMs?: number };
}

/** A reading as received, with the instant (ms since epoch) it was received. */
export interface TimedReading extends IndicatorReading {
  at: number;
}

/** Why a capture is refused (each maps to a message in English and Arabic in contracts). */
export type CaptureRefusal =
  | 'offline' // no frame younger than staleMs
  | 'motion' // indicator flag says motion, or the window moves more than motionBand
  | 'tooFewFrames' // fewer than 5 frames in the last stableSeconds
  | 'belowThreshold' // no truck on the deck
  | 'noReturnToZero' // the weight did not go back below zeroBand since the previous capture on this bridge
  | 'overload'
  | 'belowMinGross'
  | 'aboveMaxGross';

/** What the capture rules are asked: the window of readings, the settings, and the bridge's history. */
export interface CaptureQuestion {
  /** Readings of this bridge, oldest first (at least the last stableSeconds; more is fine). */
  readings: readonly TimedReading[];
  settings: StabilitySettings;
  now: number;
  /** When the last (non-manual) capture on this bridge was taken; null when none. */
  lastCaptureAt: number | null;
  /** When the weight was last seen below zeroBand; null when never (since this process started). */
  lastBelowZeroAt: number | null;
}

export type CaptureAnswer =
  | { ok: true; kg: number; evidence: TimedReading[] }
  | { ok: false; reason: CaptureRefusal };

/** The live state of the weighbridges as this process sees it (every process receives every reading). */
export interface WeighbridgeHub {
  /** Readings of the last `ms` milliseconds of one weighbridge (weight_machines.id), oldest first. */
  window(machineId: number, ms: number): TimedReading[];
  /** When the weight was last seen below the bridge's zeroBand; null when never. */
  lastBelowZeroAt(machineId: number): number | null;
  /** The last reading and whether the bridge is online (a frame younger than staleMs). */
  status(machineId: number): { online: boolean; last: TimedReading | null };
}

/** One camera's answer at a capture: the stored JPEG, or why there is none. */
export interface CameraShot {
  /** hik_connect_devices.id */
  cameraId: number;
  cameraName: string;
  /** stored_files.id of the JPEG; null when the camera failed. */
  fileId: number | null;
  /** Why there is no picture (timeout, 401, not a JPEG, ...); null on success. */
  failure: string | null;
}

/**
 * Snapshots of the cameras watching a weighbridge (hik_connect_devices.machineId), taken at a capture. Never
 * throws: a failed camera answers a CameraShot with its failure. Called after the weighing committed, outside any
 * transaction (cameras may take seconds).
 */
export interface CameraSnapshots {
  /**
   * `weighing`: the weighing the pictures belong to (e.g. `{kind: 'outboundFirstWeight', id}`), stored on each
   * captured image (captured_images.weighing_kind / weighing_id), failures included.
   */
  atCapture(params: { agencyId: number; machineId: number; userId: number; weighing?: { kind: string; id: number } }): Promise<CameraShot[]>;
}
