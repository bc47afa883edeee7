/**
 * Finished page responses in memory (pages hold no user data, so they are shared): per page its bytes, brotli and
 * gzip encodings, ETag and complete header sets, so a hit writes stored objects only. Fast encodings first; the
 * strong ones once the page is asked for again, one page at a time off the request path (decision 025 has the
 * costs). Bounded by bytes (lru-cache); losing it costs a render.
 */ import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/** One encoding: its bytes and the header objects of a 200 (or 404) and of a 304. */
export interface StoredBody {
  body: Buffer;
  headers: Record<string, string>;
  notModified: Record<string, string>;
}

export interface CachedPage {
  status: number;
  /** The ETag of the identity encoding; the others add `-br` / `-gz` inside the quotes. */
  etag: string;
  /** The header set shared by every encoding (without ETag, Content-Length, Content-Encoding). */
  base: Record<string, string>;
  identity: StoredBody;
  br: StoredBody;
  gzip: StoredBody;
  strong: boolean;
  upgradeQueued: boolean;
  bytes: number;
}

const FAST = { brotliQuality: 4, gzipLevel: 6 };
const STRONG = { brotliQuality: 11, gzipLevel: 9 };

async function encode(body: Buffer, level: typeof FAST) {
  const [br, gz] = await Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: level.brotliQuality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: level.gzipLevel }),
  ]);
  return { br, gz };
}

function stored(body: Buffer, base: Record<string, string>, etag: string, encoding?: string): StoredBody {
  // A 304 carries the validators and the caching, security and Vary headers, not the body's own ones.
  const notModified: Record<string, string> = { ...base, etag };
  delete notModified['content-type'];
  const headers: Record<string, string> = { ...base, etag };
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.length);
  return { body, headers, notModified };
}

function withSuffix(etag: string, suffix: string) {
  return `${etag.slice(0, -1)}-${suffix}"`;
}

/** An entry with its fast encodings; `headers` lacks ETag, Content-Length and Content-Encoding (added per encoding). */
export async function buildCachedPage(status: number, html: string, headers: Record<string, string>) {
  const identity = Buffer.from(html, 'utf8');
  const etag = `"${createHash('sha1').update(identity).digest('base64url')}"`;
  const { br, gz } = await encode(identity, FAST);
  const page: CachedPage = {
    status,
    etag,
    base: headers,
    identity: stored(identity, headers, etag),
    br: stored(br, headers, withSuffix(etag, 'br'), 'br'),
    gzip: stored(gz, headers, withSuffix(etag, 'gz'), 'gzip'),
    strong: false,
    upgradeQueued: false,
    bytes: 0,
  };
  page.bytes = sizeOf(page);
  return page;
}

function sizeOf(page: CachedPage) {
  return page.identity.body.length + page.br.body.length + page.gzip.body.length + 4096;
}

/** The encoding to send for an Accept-Encoding header (brotli first; q=0 refuses an encoding). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  // The common browser values, without parsing.
  if (acceptEncoding === 'gzip, deflate, br, zstd' || acceptEncoding === 'gzip, deflate, br' || acceptEncoding === 'br')
    return 'br';
  let gzipOk = false;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) <= 0) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzipOk = true;
  }
  return gzipOk ? 'gzip' : 'identity';
}

/** If-None-Match names this encoding's ETag (weakly) or `*`. Not hono/etag: it hashes every response's body. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  for (const part of ifNoneMatch.split(',')) {
    const tag = part.trim().replace(/^W\//, '');
    if (tag === '*' || tag === etag) return true;
  }
  return false;
}

export interface HtmlCacheOptions {
  /** How long an entry is served (0 turns the cache off). */
  ttlMs: number;
  /** The most bytes of page bodies (all encodings) kept at once. */
  maxBytes?: number;
  now?: () => number;
  strongEncodings?: boolean;
}

/** Pending strong compressions beyond this are skipped (the page keeps its fast encodings). */
const MAX_UPGRADE_QUEUE = 64;

export class HtmlCache {
  private readonly entries: LRUCache<string, CachedPage> | null;
  private readonly strongEncodings: boolean;
  private readonly upgrades: string[] = [];
  private upgrading: Promise<void> | null = null;
  /** Counts `clear()` calls: a render that began before one is not stored (it may hold what changed). */
  private cleared = 0;

  constructor({ ttlMs, maxBytes = 64 * 1024 * 1024, now, strongEncodings = true }: HtmlCacheOptions) {
    this.entries =
      ttlMs > 0 && maxBytes > 0
        ? new LRUCache({
            ttl: ttlMs,
            maxSize: maxBytes,
            sizeCalculation: (page) => page.bytes,
            // A clock read per look-up instead of lru-cache's default timer that caches it for 1 ms.
            ttlResolution: 0,
            perf: now ? { now } : undefined,
          })
        : null;
    this.strongEncodings = strongEncodings;
  }

  get enabled() {
    return this.entries !== null;
  }

  get(key: string): CachedPage | undefined {
    const page = this.entries?.get(key);
    if (!page) return undefined;
    if (!page.strong && !page.upgradeQueued && this.strongEncodings && this.upgrades.length < MAX_UPGRADE_QUEUE) {
      page.upgradeQueued = true;
      this.upgrades.push(key);
      this.upgrading ??= this.runUpgrades();
    }
    return page;
  }

  /** Stores `page`; with `generation` (of a render's start), only when nothing was cleared since. */
  set(key: string, page: CachedPage, generation?: number) {
    if (generation !== undefined && generation !== this.cleared) return;
    this.entries?.set(key, page);
  }

  /** The current generation: pass it to `set` for a page whose render starts now. */
  get generation() {
    return this.cleared;
  }

  /** Drops every stored page (or those whose key `matches`), and keeps renders under way from storing theirs. */
  clear(matches?: (key: string) => boolean) {
    this.cleared++;
    if (!this.entries) return;
    if (!matches) {
      this.entries.clear();
      return;
    }
    for (const key of [...this.entries.keys()]) if (matches(key)) this.entries.delete(key);
  }

  private async runUpgrades() {
    try {
      for (let key = this.upgrades.shift(); key !== undefined; key = this.upgrades.shift()) {
        const page = this.entries?.peek(key);
        if (!page || page.strong) continue;
        try {
          const { br, gz } = await encode(page.identity.body, STRONG);
          if (this.entries?.peek(key) !== page) continue;
          const upgraded: CachedPage = { ...page, strong: true, upgradeQueued: false };
          if (br.length < page.br.body.length) upgraded.br = stored(br, page.base, page.br.headers.etag, 'br');
          if (gz.length < page.gzip.body.length) upgraded.gzip = stored(gz, page.base, page.gzip.headers.etag, 'gzip');
          upgraded.bytes = sizeOf(upgraded);
          this.entries.set(key, upgraded, { noUpdateTTL: true });
        } catch {
          page.upgradeQueued = false; // Keeps the fast encodings.
        }
      }
    } finally {
      this.upgrading = null;
    }
  }

  /** Resolves once every queued strong compression is done (tests and the benchmark's warm-up). */
  async settled(): Promise<void> {
    while (this.upgrading) await this.upgrading;
  }

  get size() {
    return this.entries?.size ?? 0;
  }

  get byteSize() {
    return this.entries?.calculatedSize ?? 0;
  }
}
