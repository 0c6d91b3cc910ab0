import { DEFAULT_STABILITY, type StabilitySettings } from '@tonnage/contracts';
import { describe, expect, it } from 'vitest';
import { evaluateCapture, stabilityWindow } from './stability';
import type { CaptureQuestion, TimedReading } from './weighing.types';

const NOW = 1_000_000;
const settings: StabilitySettings = { ...DEFAULT_STABILITY, stableSeconds: 3, motionBand: 20, threshold: 1000, zeroBand: 200, staleMs: 1500, maxGross: 80_000 };

/** Readings every `every` ms from `from` ms before now up to now, each given by `kg(i)`. */
function frames(kg: (i: number) => number, options: { from?: number; every?: number; stable?: boolean | null; overload?: boolean; until?: number } = {}): TimedReading[] {
  const from = options.from ?? 3500;
  const every = options.every ?? 250;
  const until = options.until ?? 0;
  const out: TimedReading[] = [];
  for (let i = 0, at = NOW - from; at <= NOW - until; i += 1, at += every) {
    out.push({ kg: kg(i), stable: options.stable === undefined ? true : options.stable, overload: options.overload ?? false, at });
  }
  return out;
}

const ask = (readings: TimedReading[], overrides: Partial<CaptureQuestion> = {}) =>
  evaluateCapture({ readings, settings, now: NOW, lastCaptureAt: null, lastBelowZeroAt: null, ...overrides });

describe('evaluateCapture', () => {
  it('captures a steady truck: the window’s last reading, the window as evidence', () => {
    const answer = ask(frames((i) => 41_200 + (i % 2) * 10));
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const window = stabilityWindow(frames((i) => 41_200 + (i % 2) * 10), 3, NOW);
    expect(answer.kg).toBe(window.at(-1)?.kg);
    expect(answer.evidence).toHaveLength(window.length);
    expect(answer.evidence.every((r) => r.at >= NOW - 3000)).toBe(true);
  });

  it('rule 4: no reading at all, or the last older than staleMs, is offline', () => {
    expect(ask([])).toEqual({ ok: false, reason: 'offline' });
    expect(ask(frames(() => 40_000, { until: 1600 }))).toEqual({ ok: false, reason: 'offline' });
    // The last frame exactly staleMs old is still online.
    expect(ask(frames(() => 40_000, { until: 1400 })).ok).toBe(true);
  });

  it('rule 1: the indicator’s own motion flag on the last frame refuses; formats without a flag are judged by the window', () => {
    const moving = frames(() => 40_000);
    moving[moving.length - 1] = { ...moving[moving.length - 1]!, stable: false };
    expect(ask(moving)).toEqual({ ok: false, reason: 'motion' });
    expect(ask(frames(() => 40_000, { stable: null })).ok).toBe(true);
  });

  it('rule 2: a window spreading more than motionBand is motion; within the band is stable', () => {
    expect(ask(frames((i) => 40_000 + i * 5, { stable: null }))).toEqual({ ok: false, reason: 'motion' });
    expect(ask(frames((i) => 40_000 + (i % 3) * 10, { stable: null })).ok).toBe(true);
    // Movement before the window does not count.
    expect(ask(frames((i) => (i < 4 ? 30_000 + i * 1000 : 40_000), { from: 4000, stable: null })).ok).toBe(true);
  });

  it('rule 2: fewer than 5 frames in the window, or frames covering only the end of it, are too few', () => {
    expect(ask(frames(() => 40_000, { every: 800 }))).toEqual({ ok: false, reason: 'tooFewFrames' });
    expect(ask(frames(() => 40_000, { from: 1000, every: 100 }))).toEqual({ ok: false, reason: 'tooFewFrames' });
  });

  it('rule 3: below the threshold there is no truck on the deck', () => {
    expect(ask(frames(() => 900))).toEqual({ ok: false, reason: 'belowThreshold' });
    expect(ask(frames(() => 1000)).ok).toBe(true);
  });

  it('rule 5: after a capture the weight must have gone below zeroBand since', () => {
    const steady = frames(() => 40_000);
    expect(ask(steady, { lastCaptureAt: NOW - 60_000, lastBelowZeroAt: NOW - 90_000 })).toEqual({ ok: false, reason: 'noReturnToZero' });
    expect(ask(steady, { lastCaptureAt: NOW - 60_000, lastBelowZeroAt: null })).toEqual({ ok: false, reason: 'noReturnToZero' });
    expect(ask(steady, { lastCaptureAt: NOW - 60_000, lastBelowZeroAt: NOW - 30_000 }).ok).toBe(true);
    expect(ask(steady, { lastCaptureAt: null, lastBelowZeroAt: null }).ok).toBe(true);
  });

  it('overload on the last frame or in the window refuses', () => {
    expect(ask(frames(() => 90_000, { overload: true }))).toEqual({ ok: false, reason: 'overload' });
    const once = frames(() => 40_000);
    once[once.length - 3] = { ...once[once.length - 3]!, overload: true };
    expect(ask(once)).toEqual({ ok: false, reason: 'overload' });
  });

  it('minimum and maximum gross of the weighbridge', () => {
    const withLimits = { ...settings, minGross: 15_000, maxGross: 50_000 };
    expect(evaluateCapture({ readings: frames(() => 12_000), settings: withLimits, now: NOW, lastCaptureAt: null, lastBelowZeroAt: null })).toEqual({ ok: false, reason: 'belowMinGross' });
    expect(evaluateCapture({ readings: frames(() => 52_000), settings: withLimits, now: NOW, lastCaptureAt: null, lastBelowZeroAt: null })).toEqual({ ok: false, reason: 'aboveMaxGross' });
    expect(evaluateCapture({ readings: frames(() => 30_000), settings: withLimits, now: NOW, lastCaptureAt: null, lastBelowZeroAt: null }).ok).toBe(true);
    expect(evaluateCapture({ readings: frames(() => 90_000), settings: { ...settings, maxGross: null }, now: NOW, lastCaptureAt: null, lastBelowZeroAt: null }).ok).toBe(true);
  });
});
