/**
 * What every API module shares: the envelope `{code, message, data?}`, the request's language, errors with an HTTP
 * status, a business code and a catalog message, and body/query validation by the contract's zod schemas.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { type BrandId, brands } from '../../shared/brand';
import { CODES } from '../../shared/contract/codes';
import type { Settings } from '../config/settings';
import { clientAddress, requestBrand } from '../http/request';
import { type Lang, type Message, type Text, translate } from './catalog';

export type { Lang, Message, Text };

/** English when `Accept-Language` starts with `en`, Chinese otherwise (the site's default). */
export function requestLanguage(c: Context): Lang {
  return (c.req.header('accept-language') ?? '').trim().toLowerCase().startsWith('en') ? 'en' : 'zh';
}

/** What the flows need to know about the request: its brand (and that brand's tenant), address and language. */
export function requestFacts(
  c: Context,
  settings: Pick<Settings, 'brand2HostMarker' | 'brand2Port' | 'trustProxy'>,
): { brandId: BrandId; tenantId: number; ip: string; language: Lang; userAgent?: string | null } {
  const brandId = requestBrand(c, settings);
  const ip = clientAddress(c, settings.trustProxy);
  // The browser's User-Agent (at most 256 characters): a new session keeps it for the console's list of devices.
  const userAgent = c.req.header('user-agent')?.slice(0, 256) || null;
  return { brandId, tenantId: brands[brandId].tenantId, ip, language: requestLanguage(c), userAgent };
}
export type RequestFacts = ReturnType<typeof requestFacts>;

/** The envelope of a path the API does not serve (or does not serve in this configuration). */
export function notFound(c: Context) {
  return c.json({ code: 404, message: translate(/*i18n*/ '接口不存在', requestLanguage(c)) }, 404);
}

/** The message of a plain success. */
export const SUCCESS_TEXT: Text = /*i18n*/ '成功';

export function ok<T>(c: Context, data?: T, message: Text = SUCCESS_TEXT) {
  const body = { code: 200, message: translate(message, requestLanguage(c)) };
  return envelope(c, data === undefined ? body : { ...body, data }, 200);
}

/** The JSON answer with its Content-Length, so the compression middleware leaves the small ones as they are. */
function envelope(c: Context, body: unknown, status: ContentfulStatusCode) {
  const text = JSON.stringify(body);
  return c.body(text, status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
  });
}

/** What a handler throws to answer an error envelope; `headers` carry, for example, `Retry-After`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: number,
    readonly text: Text,
    readonly headers: Record<string, string> = {},
    readonly data?: unknown,
  ) {
    super(translate(text, 'en'));
  }
}

export function errorResponse(c: Context, error: ApiError) {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  const body = { code: error.code, message: translate(error.text, requestLanguage(c)) };
  return envelope(c, error.data === undefined ? body : { ...body, data: error.data }, error.status);
}

export const BAD_REQUEST = CODES.badRequest;

/** The fields' names in validation messages (catalog messages): the form's own words where there is one. */
const FIELD_NAMES: Record<string, string> = {};

/** Lets an API module name its fields in validation messages ("手机号" rather than "phone"). */
export function nameFields(names: Record<string, string>): void {
  Object.assign(FIELD_NAMES, names);
}

/** The field's name: its catalog message, or the key itself (translated at once, as it is no message). */
function fieldName(path: PropertyKey[]): string | Message {
  const key = path.map(String).join('.');
  return FIELD_NAMES[key] ? { id: FIELD_NAMES[key], values: {} } : key || { id: /*i18n*/ '请求', values: {} };
}

/** One readable sentence for the first problem zod found. */
function describeIssue(issue: z.core.$ZodIssue): Text {
  const field = fieldName(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? /*i18n*/ { id: '缺少{field}', values: { field } }
        : /*i18n*/ { id: '{field}类型不正确（应为 {expected}）', values: { field, expected: issue.expected } };
    case 'unrecognized_keys':
      return /*i18n*/ { id: '不支持的字段：{keys}', values: { keys: issue.keys } };
    case 'too_small':
      return /*i18n*/ { id: '{field}过短或过小', values: { field } };
    case 'too_big':
      return /*i18n*/ { id: '{field}过长或过大', values: { field } };
    case 'invalid_value':
      return /*i18n*/ { id: '{field}的取值不允许', values: { field } };
    default:
      return /*i18n*/ { id: '{field}格式不正确', values: { field } };
  }
}

/**
 * Each field's message (its first problem) in `lang`: the same words as the API's 400, for every field at once
 * (a form posted without the script shows them all, server/pages/form-posts.ts).
 */
export function fieldMessages(error: z.ZodError, lang: Lang): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    messages[field] ??= translate(describeIssue(issue), lang);
  }
  return messages;
}

function validationError(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  return new ApiError(
    400,
    BAD_REQUEST,
    describeIssue(issue),
    {},
    { field: issue.path.map(String).join('.') || undefined },
  );
}

/** Reads and validates a JSON body (its size bounded app-wide, server/http/body-limit.ts): 415 unless it is JSON, 400 when it does not parse or match. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type))
    throw new ApiError(415, BAD_REQUEST, /*i18n*/ '请求格式不正确：需要 application/json');
  let value: unknown;
  try {
    value = JSON.parse(await c.req.text());
  } catch {
    throw new ApiError(400, BAD_REQUEST, /*i18n*/ '请求内容不是有效的 JSON');
  }
  refuseControlCharacters(value);
  const parsed = schema.safeParse(value, { reportInput: true });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** No field holds C0 controls or DEL (PostgreSQL cannot store NUL in text), bar tab, line feed and return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point here.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The path of the first string (or object key) in `value` that holds a control character, or null. */
function controlCharacterAt(value: unknown, path: PropertyKey[] = [], depth = 0): PropertyKey[] | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL_CHARACTER.test(key)) return [...path, key];
    const found = controlCharacterAt(item, [...path, Array.isArray(value) ? Number(key) : key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** 400 naming the field when any string of a body or query holds a control character (checked before the schema). */
function refuseControlCharacters(value: unknown): void {
  const path = controlCharacterAt(value);
  if (!path) return;
  const field = fieldName(path.map((part) => String(part).replace(CONTROL_CHARACTER, '?')));
  throw new ApiError(
    400,
    BAD_REQUEST,
    /*i18n*/ { id: '{field}包含不允许的控制字符', values: { field } },
    {},
    { field: path.map(String).join('.').replace(new RegExp(CONTROL_CHARACTER, 'g'), '?') || undefined },
  );
}

/** Validates the query string (each parameter's first value); 400 when it does not match. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const query = c.req.query();
  refuseControlCharacters(query);
  const parsed = schema.safeParse(query, { reportInput: true });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
