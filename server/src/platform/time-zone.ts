/*
 * One time zone everywhere: the agency's (issue #10). Instants are stored in UTC; what a person reads (the web, the
 * slip PDF, the Excel exports) is the wall-clock time in the agency's zone (read by identity/agency-time-zone.ts).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The wall-clock time of an instant in a time zone, as a Date whose UTC components are that local time (seconds
 * kept, milliseconds kept). A zone-less value such as an Excel date cell (ExcelJS writes a Date by its UTC
 * components) then shows the agency's local time; daylight saving follows the zone's rules on that date.
 */
export function wallClockTime(at: Date | string, timeZone: string): Date {
  const instant = typeof at === 'string' ? new Date(at) : at;
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, instant.getUTCMilliseconds()));
}
