/**
 * Raw HTTP requests to the server under test: no redirect following, any header (Host included, which
 * `fetch` forbids), the body as text. What a crawler or a first visit sees before any script runs.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Header value; several values (Set-Cookie) joined by "\n". */
  header(name: string): string | undefined;
  /** The body, decoded from br/gzip when the server compressed it. */
  body: string;
  /** Bytes received on the wire (after content encoding). */
  wireBytes: number;
}

export function rawGet(target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  const url = new URL(target);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        // Any *.localhost name is this machine (as browsers resolve it); the Host header keeps the name.
        host: /(^|\.)localhost$/.test(url.hostname) ? '127.0.0.1' : url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers: { host: url.host, 'user-agent': 'e2e-http', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          let decoded = raw;
          if (encoding === 'br') decoded = brotliDecompressSync(raw);
          else if (encoding === 'gzip') decoded = gunzipSync(raw);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            header: (name) => {
              const value = res.headers[name.toLowerCase()];
              return Array.isArray(value) ? value.join('\n') : value;
            },
            body: decoded.toString('utf8'),
            wireBytes: raw.length,
          });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error(`Timed out: ${method} ${target}`)));
    req.on('error', reject);
    req.end();
  });
}

/** The attributes of every `<tag ...>` in an HTML string, attribute names lower-cased. */
export function tagsIn(html: string, tag: string): Record<string, string>[] {
  const tags: Record<string, string>[] = [];
  for (const match of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))) {
    const attributes: Record<string, string> = {};
    for (const attr of match[1].matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attributes[attr[1].toLowerCase()] = decodeEntities(attr[2] ?? attr[3] ?? attr[4] ?? '');
    }
    tags.push(attributes);
  }
  return tags;
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&');
}

/** The text a reader sees in the server's HTML body (scripts, styles and tags removed). */
export function visibleText(html: string): string {
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? '';
  return decodeEntities(
    body
      .replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
      .replace(/<style\b[\s\S]*?<\/style>/gi, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}
