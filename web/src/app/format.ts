import dayjs, { type Dayjs } from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utcPlugin from 'dayjs/plugin/utc';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '@tonnage/contracts';

dayjs.extend(utcPlugin);
dayjs.extend(timezonePlugin);

export type DateInput = string | number | Date | Dayjs | null | undefined;

function toDayjs(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const date = dayjs(value);
  return date.isValid() ? date : null;
}

/** Spec section 9: dates as DD-MMM-YYYY; empty or invalid values give ''. */
export function formatDate(value: DateInput): string {
  return toDayjs(value)?.format(DATE_FORMAT) ?? '';
}

/**
 * Spec section 9: date-times as DD-MMM-YYYY HH:mm on the browser's clock; empty or invalid values give ''. Screens
 * show instants on the agency's clock through `useAgencyDateTime` (app/agency-time.ts) instead.
 */
export function formatDateTime(value: DateInput): string {
  return toDayjs(value)?.format(DATE_TIME_FORMAT) ?? '';
}

/**
 * Spec section 9: an instant as DD-MMM-YYYY HH:mm on the clock of a timezone (the agency's, see
 * `useAgencyDateTime`), whatever the browser's zone; the printed slip (server) uses the same zone. '' when empty.
 */
export function formatDateTimeIn(value: DateInput, timezone: string): string {
  const date = toDayjs(value);
  if (!date) return '';
  try {
    return date.tz(timezone).format(DATE_TIME_FORMAT);
  } catch {
    // An unknown zone name (never stored: the agency form checks it) would throw; UTC is at least unambiguous.
    return date.utc().format(DATE_TIME_FORMAT);
  }
}

/**
 * A left-to-right value ('1,000.000 MT') isolated inside a translated sentence, so right-to-left text keeps it in
 * reading order (U+2068 FIRST STRONG ISOLATE ... U+2069 POP DIRECTIONAL ISOLATE; <bdi> where markup is possible:
 * `QuantityText`).
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** A quantity inside a sentence, a label or a tooltip: `formatQuantity` isolated (`isolate`), '⁨1,234.500 MT⁩'. */
export function isolatedQuantity(value: number | string | null | undefined): string {
  return isolate(formatQuantity(value));
}

const quantityFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** Spec section 9: quantities with exactly 3 decimals followed by the unit, e.g. '1,234.500 MT'. */
export function formatQuantity(value: number | string | null | undefined, unit = 'MT'): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return '';
  // Avoid '-0.000' for tiny negative remainders.
  const rounded = Math.abs(number) < 0.0005 ? 0 : number;
  return `${quantityFormat.format(rounded)} ${unit}`;
}
