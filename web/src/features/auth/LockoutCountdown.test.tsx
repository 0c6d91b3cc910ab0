import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { LockoutCountdown } from './LockoutCountdown';

describe('LockoutCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('counts down every second in mm:ss and reports the end of the block', () => {
    const onExpired = vi.fn();
    render(<LockoutCountdown until={Date.now() + 61_000} onExpired={onExpired} />);
    const countdown = screen.getByTestId('lockout-countdown');
    expect(countdown.textContent).toBe('01:01');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(countdown.textContent).toBe('01:00');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(countdown.textContent).toBe('00:59');
    expect(onExpired).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(countdown.textContent).toBe('00:00');
    expect(onExpired).toHaveBeenCalled();
  });
});
