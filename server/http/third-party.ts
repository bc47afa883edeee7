import type { AnalyticsConfig } from '../../shared/portal-env';

/** The origins a brand's analytics loads from or reports to: exactly what its policy must allow. */
export function analyticsOrigins(config: AnalyticsConfig | null | undefined): { script: string[]; connect: string[] } {
  if (!config) return { script: [], connect: [] };
  const script = config.script ? [new URL(config.script).origin] : [];
  const reports = config.conversions.map((c) => new URL(c.url.replace('{clickId}', 'x')).origin);
  return { script, connect: [...new Set([...script, ...reports])] };
}
