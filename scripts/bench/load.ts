/**
 * Time to first byte and throughput of one URL on loopback: a fixed number of requests shared by a fixed
 * number of concurrent workers, each waiting for its previous answer. Bounded in count and time, so it
 * always stops by itself.
 */
export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  ttfbMs: { p50: number; p90: number; p99: number; max: number };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export async function loadTest(
  url: string,
  { total = 2000, concurrency = 20, maxSeconds = 60, headers = {} as Record<string, string> } = {},
): Promise<LoadResult> {
  const host = new URL(url).hostname;
  if (!['localhost', '127.0.0.1', '[::1]'].includes(host)) throw new Error(`Load tests stay on loopback, not ${host}.`);
  const ttfb: number[] = [];
  let started = 0;
  let errors = 0;
  const begin = performance.now();
  const deadline = begin + maxSeconds * 1000;
  const worker = async () => {
    while (started < total && performance.now() < deadline) {
      started++;
      const sent = performance.now();
      try {
        const response = await fetch(url, { headers, redirect: 'manual' });
        ttfb.push(performance.now() - sent);
        await response.arrayBuffer();
        if (response.status !== 200) errors++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - begin) / 1000;
  const sorted = [...ttfb].sort((a, b) => a - b);
  return {
    requests: started,
    errors,
    seconds,
    requestsPerSecond: started / seconds,
    ttfbMs: {
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? Number.NaN,
    },
  };
}

/** TTFB of pages the server has not rendered before (a unique query string misses its HTML cache). */
export async function uncachedTtfb(baseUrl: string, path: string, count = 20, headers: Record<string, string> = {}) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const sent = performance.now();
    const response = await fetch(`${baseUrl}${path}?bench=${Date.now()}-${i}`, { headers, redirect: 'manual' });
    times.push(performance.now() - sent);
    await response.arrayBuffer();
  }
  const sorted = times.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p90: percentile(sorted, 90) };
}
