import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utcPlugin from 'dayjs/plugin/utc';
import { WEIGHT_SCREEN_DATE_FORMAT, WEIGHT_SCREEN_TIME_FORMAT } from '@tonnage/contracts';

dayjs.extend(utcPlugin);
dayjs.extend(timezonePlugin);

const tonnes = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const kilograms = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Spec 9, weight screen: tons with 3 decimals ('42.315'); never '-0.000'. */
export function formatTons(quantity: number): string {
  return tonnes.format(Math.abs(quantity) < 0.0005 ? 0 : quantity);
}

/** Spec 9, weight screen: kilograms with no decimals, 1 t = 1000 kg ('42,315'). */
export function formatKilograms(quantity: number): string {
  const kg = Math.round(quantity * 1000);
  return kilograms.format(kg === 0 ? 0 : kg);
}

/** The screen's date (DD MMM YYYY) and time (hh:mm A) of an instant, on the agency's clock when it is known. */
export function screenClock(now: number | Date, timezone: string | null): { date: string; time: string } {
  let moment = dayjs(now);
  if (timezone) {
    try {
      moment = moment.tz(timezone);
    } catch {
      // An unknown zone (never stored) keeps the browser's clock.
    }
  }
  return { date: moment.format(WEIGHT_SCREEN_DATE_FORMAT), time: moment.format(WEIGHT_SCREEN_TIME_FORMAT) };
}
