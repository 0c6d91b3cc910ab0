import type { CaptureAnswer, CaptureQuestion, TimedReading } from './weighing.types';

/*
 * The capture rules of a weighbridge (shared/design/WEIGHING.md, "Stable weight"): a weight may be recorded only
 * when the bridge is online, not overloaded, the window of the last `stableSeconds` holds enough readings and does
 * not move, a truck is on the deck, the deck went back to zero since the previous capture, and the weight lies in
 * the bridge's gross limits. The captured kg is the window's last reading (what the indicator shows at that
 * instant; the window is within one motion band, so the choice moves the weight by less than a division). The
 * evidence is the window's readings, stored with the weighing.
 */

/** Fewer frames than this in the window is never stable (WEIGHING.md: "at least 5 frames"). */
export const MIN_WINDOW_FRAMES = 5;

/** The readings of the stability window: those of the last `stableSeconds` before `now`. */
export function stabilityWindow(readings: readonly TimedReading[], stableSeconds: number, now: number): TimedReading[] {
  const from = now - stableSeconds * 1000;
  return readings.filter((reading) => reading.at >= from && reading.at <= now);
}

/**
 * Answers whether the bridge's weight may be captured now, in this order of refusal: offline (no frame younger than
 * staleMs), overload (the last frame), tooFewFrames (fewer than 5 in the window, or frames covering less than the
 * window: the first one later than staleMs after its start), motion (the last frame's own flag, where the format has
 * one, or the window spreading more than motionBand), belowThreshold, noReturnToZero, belowMinGross, aboveMaxGross.
 */
export function evaluateCapture(q: CaptureQuestion): CaptureAnswer {
  const { settings, now } = q;
  const last = q.readings.at(-1);
  if (!last || now - last.at > settings.staleMs || last.at > now + settings.staleMs) return { ok: false, reason: 'offline' };
  if (last.overload) return { ok: false, reason: 'overload' };
  const window = stabilityWindow(q.readings, settings.stableSeconds, now);
  const windowStart = now - settings.stableSeconds * 1000;
  const first = window[0];
  if (window.length < MIN_WINDOW_FRAMES || !first || first.at - windowStart > settings.staleMs) return { ok: false, reason: 'tooFewFrames' };
  if (last.stable === false) return { ok: false, reason: 'motion' };
  let min = Infinity;
  let max = -Infinity;
  for (const reading of window) {
    if (reading.overload) return { ok: false, reason: 'overload' };
    min = Math.min(min, reading.kg);
    max = Math.max(max, reading.kg);
  }
  if (max - min > settings.motionBand) return { ok: false, reason: 'motion' };
  const kg = last.kg;
  if (kg < settings.threshold) return { ok: false, reason: 'belowThreshold' };
  if (q.lastCaptureAt !== null && (q.lastBelowZeroAt === null || q.lastBelowZeroAt <= q.lastCaptureAt)) return { ok: false, reason: 'noReturnToZero' };
  if (settings.minGross !== null && kg < settings.minGross) return { ok: false, reason: 'belowMinGross' };
  if (settings.maxGross !== null && kg > settings.maxGross) return { ok: false, reason: 'aboveMaxGross' };
  return { ok: true, kg, evidence: window.map((reading) => ({ ...reading })) };
}

/** How far back the hub is asked for readings: the window and a little more. */
export function windowMs(settings: { stableSeconds: number; staleMs: number }): number {
  return settings.stableSeconds * 1000 + settings.staleMs;
}
