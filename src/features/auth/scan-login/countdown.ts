/** The time left on a QR code, counted down each second from its deadline (a point in time, not a counter). */
import { useEffect, useState } from 'react';

/** Whole seconds until `deadline` (never below 0). */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** `m:ss`, e.g. 299 s → `4:59`. */
export function formatTimeLeft(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * What a screen reader is told of the time left, so it is not read out every second: the whole minutes, then
 * 30 and 10 seconds before the end. Returns the number of seconds of the last milestone passed.
 */
export function milestoneOf(seconds: number): number {
  if (seconds > 60) return Math.ceil(seconds / 60) * 60;
  if (seconds > 30) return 60;
  if (seconds > 10) return 30;
  return seconds > 0 ? 10 : 0;
}

/** Seconds left until `deadline`, re-rendering each second while there is time left. */
export function useSecondsLeft(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return secondsUntil(deadline, now);
}
