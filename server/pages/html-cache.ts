/**
 * A small in-memory cache of rendered pages. Pages depend only on the URL and the portal environment (no
 * user data is rendered on the server: the user-centre widget renders on the client), so a cached page is
 * safe to share. Losing it costs a render, nothing else; each server process keeps its own.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  etag: string;
  /** The body compressed, made on first demand and kept with the page (page-handler.ts). */
  encoded?: { br?: Buffer; gzip?: Buffer };
}

export class HtmlCache {
  private readonly entries = new Map<string, { page: CachedPage; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-insert so the Map's order is least-recently-used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.page;
  }

  set(key: string, page: CachedPage) {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { page, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size() {
    return this.entries.size;
  }
}
