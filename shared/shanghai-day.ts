/**
 * Days of the portal's time zone, Asia/Shanghai (UTC+8 all year, no daylight saving), as YYYY-MM-DD. Plain
 * arithmetic on the offset, so server and browser agree whatever their own time zone.
 */
const OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** The Asia/Shanghai day of `at`, or of `daysBefore` days earlier. */
export function shanghaiDay(at: Date, daysBefore = 0): string {
  return new Date(at.getTime() + OFFSET_MS - daysBefore * DAY_MS).toISOString().slice(0, 10);
}

/** The instant an Asia/Shanghai day (YYYY-MM-DD) starts. */
export function shanghaiDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}
