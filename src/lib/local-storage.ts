/**
 * localStorage that never throws: storage can be blocked (private mode, disabled cookies, quota), and a blocked
 * store must not break a page; reads give null and writes are skipped.
 */
export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not stored; the choice still applies to this page.
  }
}

export function removeLocal(...keys: string[]): void {
  try {
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
}
