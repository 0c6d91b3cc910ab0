/**
 * Weighing (issue 12): the weighbridge indicator formats, the stability settings of a weighbridge and the live
 * reading the `weightMachine` socket event carries. See shared/design/WEIGHING.md and docs/domain.md (Weighing).
 */

/** Indicator output formats the gateway reads (WEIGHING.md, "Indicator output formats"). */
export const INDICATOR_FORMATS = ['toledo', 'mtsics', 'sma', 'stgs', 'yaohua'] as const;
export type IndicatorFormat = (typeof INDICATOR_FORMATS)[number];

/**
 * A weighbridge's capture rules (WEIGHING.md, "Stable weight"), all in kilograms or milliseconds; null limits are
 * not checked. The master-data fields of `weightMachine` carry the same names.
 */
export interface StabilitySettings {
  /** Every reading of the last stableSeconds (and at least 5 frames) lies within motionBand of each other. */
  stableSeconds: number;
  motionBand: number;
  /** A truck is on the deck above this weight. */
  threshold: number;
  /** Between two captures the weight must go back below this (the truck left the deck). */
  zeroBand: number;
  /** The last frame must be younger than this, otherwise the bridge is offline. */
  staleMs: number;
  minGross: number | null;
  maxGross: number | null;
  minNet: number | null;
  maxNet: number | null;
  /** Second weighing: |second - first| at least this. */
  minDifference: number;
}

export const DEFAULT_STABILITY: StabilitySettings = {
  stableSeconds: 3,
  motionBand: 20,
  threshold: 1000,
  zeroBand: 200,
  staleMs: 1500,
  minGross: null,
  maxGross: 80_000,
  minNet: null,
  maxNet: null,
  minDifference: 100,
};

/** Payload of the socket event `weightMachine` (spec section 7): `quantity` in MT, plus what we add. */
export interface WeightMachineEvent {
  /** weight_machines.id */
  machineId: number;
  /** The device serial (spec's weightMachineId). */
  weightMachineId: string;
  /** MT, 3 decimals; the last weight seen (0 when none). */
  quantity: number;
  /** The capture rules' stability (indicator flag and the window), not only the indicator's flag. */
  stable: boolean;
  /** False when no frame came for staleMs (within 2 s of the bridge going silent). */
  online: boolean;
  /** The indicator reports over range. */
  overload: boolean;
  /** ISO instant of the last frame, null when none. */
  at: string | null;
}

/**
 * What a printed weighbridge ticket shows (print view and PDF), English and Arabic side by side. Weights in kg
 * (integers) as weighbridge tickets print them; `net` only once the second weight is taken.
 */
export interface WeighTicketView {
  ticketNumber: string;
  agencyName: string;
  warehouseName: string;
  weighbridge: string;
  truckPlate: string;
  driverName: string;
  first: { kg: number; at: string; manual: boolean; manualReason: string | null };
  second: { kg: number; at: string; manual: boolean; manualReason: string | null } | null;
  net: number | null;
  /** The agency's time zone, for printing the instants. */
  timeZone: string;
  /** Camera pictures of the captures, as data the renderer can embed (JPEG bytes base64) or a URL for the web. */
  pictures: Array<{ caption: string; jpegBase64?: string; url?: string }>;
  reversed: { at: string; reason: string } | null;
}
