/** The operator's console and its outgoing webhooks (docs/decisions/046-operators-console.md; how to declare: ./read.ts). */
import { absoluteUrl, area, between, oneOrZero, text, v } from './read';

function origin(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  const url = absoluteUrl(value, name, 'an http(s) origin such as https://console.example.com');
  if (url.pathname !== '/' && url.pathname !== '')
    throw new Error(`${name} must be an http(s) origin such as https://console.example.com, got "${value}"`);
  return url.origin;
}

export const consoleArea = area("The operator's console and webhooks", {
  CONSOLE_PORT: v((value, name) => (value ? between(1, 65_535)(value, name) : undefined)), // the port of the operator's console (its own listener; unset: no console; never `PORT`, `BRAND2_PORT` or `METRICS_PORT`)
  CONSOLE_HOST: v(text, '127.0.0.1'), // the interface the console binds: loopback unless a proxy on another machine or container must reach it (`0.0.0.0` in a container whose port only the proxy reaches)
  CONSOLE_PUBLIC_URL: v(origin), // the console's public origin behind a proxy (`https://console.example.com`): a POST's `Origin` must be this (or the listener's own origin when unset)
  WEBHOOK_ALLOW_PRIVATE: v(oneOrZero), // `1` lets webhook endpoints use `http` and loopback or private addresses (tests, an intranet CRM); otherwise only `https` to public addresses
});

export function readConsole(values: ReturnType<typeof consoleArea.schema.parse>) {
  return {
    port: values.CONSOLE_PORT,
    host: values.CONSOLE_HOST,
    publicUrl: values.CONSOLE_PUBLIC_URL,
  };
}
