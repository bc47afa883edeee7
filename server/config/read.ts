/** A setting: `NAME: v(read, 'default'), // meaning` in an area; a reader throws an Error naming the variable. */
import { z } from 'zod';

export type Read<T> = (value: string | undefined, name: string) => T;
export type Variable<T> = { read: Read<T>; default?: string };
type Values<V> = { [K in keyof V]: V[K] extends Variable<infer T> ? T : never };
export const v = <T>(read: Read<T>, fallback?: string): Variable<T> => ({ read, default: fallback });

export function area<V extends Record<string, Variable<unknown>>>(title: string, variables: V) {
  const shape = Object.entries(variables).map(([name, spec]) => [
    name,
    z.optional(z.string()).transform((value) => spec.read(value || spec.default, name)),
  ]);
  const schema = z.object(Object.fromEntries(shape)) as unknown as z.ZodType<Values<V>, Record<string, unknown>>;
  return { title, variables, schema };
}
export const text = (value: string | undefined) => value ?? '';
export const optional = (value: string | undefined) => value || undefined;
export const trimmed = (value: string | undefined) => value?.trim() || undefined;
export const between =
  (min: number, max: number): Read<number> =>
  (value, name) => {
    const parsed = Number(value);
    if (!value || !Number.isInteger(parsed) || parsed < 0)
      throw new Error(`${name} must be a whole number, got "${value ?? ''}"`);
    if (parsed < min || parsed > max) throw new Error(`${name} must be between ${min} and ${max}, got "${value}"`);
    return parsed;
  };
export const wholeNumber = between(0, Number.POSITIVE_INFINITY);
export const oneOf =
  <const T extends string>(options: readonly T[]): Read<T> =>
  (value, name) => {
    const picked = value || options[0];
    if (!(options as readonly string[]).includes(picked))
      throw new Error(`${name} must be ${options.map((o) => `"${o}"`).join(' or ')}, got "${value}"`);
    return picked as T;
  };

export const oneOrZero: Read<boolean> = (value, name) => {
  if (value && value !== '1' && value !== '0') throw new Error(`${name} must be 1 or 0, got "${value}"`);
  return value === '1';
};
export const flag = (value: string | undefined) => value === '1' || value === 'true';
export const httpUrl = (value: string | undefined, name: string) =>
  shape(/^https?:\/\//, 'an http(s) URL')(value, name);
export const defaultUrl: Read<string> = (value, name) => httpUrl(value, name) ?? ''; // has a default: never empty
export function required(value: string | undefined, name: string, because: string): string {
  if (!value) throw new Error(`${name} must be set when ${because}`);
  return value;
}

/** An absolute http(s) URL (`what` says how it may look in the message). */
export function absoluteUrl(value: string, name: string, what = 'an absolute http(s) URL'): URL {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new Error(`${name} must be ${what}, got "${value}"`);
  return new URL(value);
}

/** A text that must have a shape when set (`what` says which), trimmed. */
export const shape =
  (pattern: RegExp, what: string): Read<string | undefined> =>
  (value, name) => {
    const trimmed = value?.trim();
    if (trimmed && !pattern.test(trimmed)) throw new Error(`${name} must be ${what}, got "${trimmed}"`);
    return trimmed || undefined;
  };

/** A vendor API endpoint: a host name or an http(s) origin (Tencent's SDK signs `service.` host without port). */
export const endpoint =
  (service?: string): Read<string> =>
  (value = '', name) => {
    const url = absoluteUrl(value.includes('://') ? value : `https://${value}`, name, 'a host name or an http(s) URL');
    if (url.pathname !== '/')
      throw new Error(`${name} must be a host name or an http(s) URL without a path, got "${value}"`);
    if (service && (!url.hostname.startsWith(`${service}.`) || url.port))
      throw new Error(
        `${name} must be a host name starting with "${service}." and without a port (the SDK signs the service and host from it), got "${value}"`,
      );
    return url.origin;
  };
