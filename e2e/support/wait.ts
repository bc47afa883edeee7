/**
 * playwright-core has no `expect`: these retry an assertion until it passes or the time is up, so specs can
 * wait for what the user will see without fixed sleeps.
 */
export async function eventually<T>(
  check: () => Promise<T> | T,
  { timeout = 5000, interval = 100, message }: { timeout?: number; interval?: number; message?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) break;
    await sleep(interval);
  }
  if (message && lastError instanceof Error) lastError.message = `${message}: ${lastError.message}`;
  throw lastError;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
