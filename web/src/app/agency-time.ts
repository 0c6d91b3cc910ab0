import { useCallback } from 'react';
import { useAgencyData } from '../features/agencies/agency-api';
import { formatDateTimeIn, type DateInput } from './format';
import { useSession } from './session';

/** The selected agency's timezone (its settings), or null while the agency data loads. */
export function useAgencyTimezone(): string | null {
  const { selectedAgencyId } = useSession();
  return useAgencyData(selectedAgencyId).data?.agency.timezone ?? null;
}

/**
 * Formats instants (a slip's loading time, ...) on the agency's clock, the one its staff and its printed slips use,
 * not the browser's. Until the agency's timezone is known it gives '' rather than a time in the wrong zone.
 */
export function useAgencyDateTime(): (value: DateInput) => string {
  const timezone = useAgencyTimezone();
  return useCallback((value: DateInput) => (timezone === null ? '' : formatDateTimeIn(value, timezone)), [timezone]);
}
