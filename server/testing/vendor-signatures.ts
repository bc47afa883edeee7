/**
 * The two request signatures the cloud vendors' APIs check, written from their published algorithms so the fake
 * vendors of the tests (./fake-aliyun.ts, ./fake-tencent.ts) can recompute what the real service would and refuse
 * a request signed with the wrong secret. The connectors themselves sign through the vendors' SDKs.
 *
 * - Alibaba Cloud "Request syntax and signature method V3" (ACS3-HMAC-SHA256):
 *   CanonicalRequest = method \n uri \n sorted query \n canonical headers \n signed headers \n sha256(body);
 *   StringToSign = "ACS3-HMAC-SHA256" \n sha256(CanonicalRequest); Signature = hex(HMAC-SHA256(secret, StringToSign)).
 * - Tencent Cloud API 3.0 "Signature v3" (TC3-HMAC-SHA256):
 *   CanonicalRequest = method \n "/" \n query \n canonical headers \n signed headers \n sha256(body);
 *   StringToSign = "TC3-HMAC-SHA256" \n timestamp \n date/service/tc3_request \n sha256(CanonicalRequest);
 *   the key is derived HMAC("TC3"+key, date) → service → "tc3_request".
 * Both are checked against the vendors' published examples in ./vendor-signatures.test.ts.
 */
import { createHash, createHmac } from 'node:crypto';

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 percent-encoding, as both vendors canonicalize query strings (space → %20, `*` → %2A, `~` kept). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export interface Acs3Input {
  method: string;
  /** The path, `/` for RPC-style calls such as SendSms. */
  path: string;
  /** Decoded query parameters. */
  query: Record<string, string>;
  /** Lower-case header names to their values; `signedHeaders` lists which take part. */
  headers: Record<string, string>;
  signedHeaders: string[];
  body: string | Buffer;
  accessKeySecret: string;
}

export function acs3CanonicalRequest(input: Acs3Input): string {
  const query = Object.keys(input.query)
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(input.query[name] ?? '')}`)
    .join('&');
  const names = [...input.signedHeaders].map((n) => n.toLowerCase()).sort();
  const headers = names.map((name) => `${name}:${(input.headers[name] ?? '').trim()}\n`).join('');
  return [input.method.toUpperCase(), input.path, query, headers, names.join(';'), sha256Hex(input.body)].join('\n');
}

export function acs3Signature(input: Acs3Input): string {
  const stringToSign = `ACS3-HMAC-SHA256\n${sha256Hex(acs3CanonicalRequest(input))}`;
  return createHmac('sha256', input.accessKeySecret).update(stringToSign, 'utf8').digest('hex');
}

export interface Tc3Input {
  method: string;
  query?: string;
  headers: Record<string, string>;
  signedHeaders: string[];
  body: string | Buffer;
  service: string;
  /** Seconds since the epoch (X-TC-Timestamp). */
  timestamp: number;
  secretKey: string;
}

export function tc3CanonicalRequest(input: Tc3Input): string {
  const names = [...input.signedHeaders].map((n) => n.toLowerCase()).sort();
  const headers = names.map((name) => `${name}:${(input.headers[name] ?? '').trim().toLowerCase()}\n`).join('');
  return [input.method.toUpperCase(), '/', input.query ?? '', headers, names.join(';'), sha256Hex(input.body)].join(
    '\n',
  );
}

export function tc3Date(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

export function tc3StringToSign(input: Tc3Input): string {
  const scope = `${tc3Date(input.timestamp)}/${input.service}/tc3_request`;
  return `TC3-HMAC-SHA256\n${input.timestamp}\n${scope}\n${sha256Hex(tc3CanonicalRequest(input))}`;
}

export function tc3Signature(input: Tc3Input): string {
  const date = hmac(`TC3${input.secretKey}`, tc3Date(input.timestamp));
  const service = hmac(date, input.service);
  const signing = hmac(service, 'tc3_request');
  return createHmac('sha256', signing).update(tc3StringToSign(input), 'utf8').digest('hex');
}

/** `Name a=b, c=d` / `Name a=b,c=d` authorization headers, split into their fields. */
export function authorizationFields(header: string | undefined): { algorithm: string; fields: Record<string, string> } {
  const text = header ?? '';
  const space = text.indexOf(' ');
  const fields: Record<string, string> = {};
  for (const part of text.slice(space + 1).split(',')) {
    const at = part.indexOf('=');
    if (at > 0) fields[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return { algorithm: space > 0 ? text.slice(0, space) : text, fields };
}
