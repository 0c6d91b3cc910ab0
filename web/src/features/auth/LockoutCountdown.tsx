import { useEffect, useState } from 'react';
import { formatCountdown } from './throttle';

interface LockoutCountdownProps {
  /** Epoch milliseconds the block ends at. */
  until: number;
  onExpired: () => void;
}

/** The mm:ss countdown of spec section 4, ticking every second until the block lapses. */
export function LockoutCountdown({ until, onExpired }: LockoutCountdownProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = until - now;
  useEffect(() => {
    if (left <= 0) onExpired();
  }, [left, onExpired]);
  return (
    <span className="lockout-countdown" data-testid="lockout-countdown" dir="ltr">
      {formatCountdown(left)}
    </span>
  );
}
