import { describe, expect, it } from 'vitest';
import { PREFETCH_IDLE_TIMEOUT_MS, shouldPrefetch } from './prefetch';

describe('idle prefetch', () => {
  it('waits for idle at most 2000 ms', () => expect(PREFETCH_IDLE_TIMEOUT_MS).toBe(2000));

  it('is skipped on 2g and with data saver', () => {
    expect(shouldPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
    expect(shouldPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(shouldPrefetch({ effectiveType: '3g' })).toBe(true);
    expect(shouldPrefetch(undefined)).toBe(true);
  });
});
