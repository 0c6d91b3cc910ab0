import { describe, expect, it } from 'vitest';
import { wallClockTime } from './time-zone';

/** The wall-clock time as its UTC components read (what an Excel cell shows). */
const shown = (iso: string, zone: string) => wallClockTime(iso, zone).toISOString();

describe('wall-clock time of an instant in a time zone', () => {
  it('follows daylight saving: Berlin is UTC+1 in winter and UTC+2 in summer', () => {
    expect(shown('2026-01-15T10:30:00.000Z', 'Europe/Berlin')).toBe('2026-01-15T11:30:00.000Z');
    expect(shown('2026-07-01T10:30:15.250Z', 'Europe/Berlin')).toBe('2026-07-01T12:30:15.250Z');
  });

  it('switches at the zone’s own instants (clocks forward on 29 Mar 2026, back on 25 Oct 2026)', () => {
    expect(shown('2026-03-29T00:59:59.000Z', 'Europe/Berlin')).toBe('2026-03-29T01:59:59.000Z');
    expect(shown('2026-03-29T01:00:00.000Z', 'Europe/Berlin')).toBe('2026-03-29T03:00:00.000Z');
    // Back: 02:30 local comes twice, an hour apart.
    expect(shown('2026-10-25T00:30:00.000Z', 'Europe/Berlin')).toBe('2026-10-25T02:30:00.000Z');
    expect(shown('2026-10-25T01:30:00.000Z', 'Europe/Berlin')).toBe('2026-10-25T02:30:00.000Z');
  });

  it('moves to the next local day and year where the zone is ahead, the previous where it is behind', () => {
    expect(shown('2026-11-20T22:00:00.000Z', 'Asia/Riyadh')).toBe('2026-11-21T01:00:00.000Z');
    expect(shown('2026-12-31T21:15:00.000Z', 'Asia/Riyadh')).toBe('2027-01-01T00:15:00.000Z');
    expect(shown('2026-03-01T03:00:00.000Z', 'America/New_York')).toBe('2026-02-28T22:00:00.000Z');
  });

  it('keeps a UTC instant as it is, and takes a Date as well as ISO text', () => {
    expect(shown('2026-11-21T00:00:00.000Z', 'UTC')).toBe('2026-11-21T00:00:00.000Z');
    expect(wallClockTime(new Date('2026-11-21T11:17:00Z'), 'Asia/Riyadh').toISOString()).toBe('2026-11-21T14:17:00.000Z');
  });
});
