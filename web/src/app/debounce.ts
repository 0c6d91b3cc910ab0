import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` (typing in a search box sends one request, not one per key). */
export function useDebouncedValue<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
