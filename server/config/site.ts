/** The settings of the site itself, its database and its running and stopping (how to declare one: ./read.ts). */
import { area, between, oneOf, oneOrZero, optional, text, v, wholeNumber } from './read';

export const site = area('The site', {
  PORT: v(wholeNumber, '3030'), // port of brand 1 (StarReach)
  BRAND2_PORT: v(wholeNumber, '3031'), // port of brand 2 (CreatorBox): every request arriving here is brand 2
  HOST: v(text, '0.0.0.0'), // interface to listen on
  BRAND2_HOST_MARKER: v(text, 'creatorbox'), // a host name containing this text selects brand 2 on any port
  EDITION: v(oneOf(['main', 'regional']), 'main'), // `regional` hides Operation Center and swaps the help-centre link
  WORKBENCH_URL: v(text, '/workbench/function_introduction'), // where "Workbench" and "go to workbench" lead
  NODE_ENV: v(text, 'production'), // `development` is set by `npm run dev` (development-only calls such as the SMS outbox exist only then)
  STANDINS: v(oneOrZero), // `1` allows the built-in stand-ins: the SMS sink that only logs codes, the slider captcha and the WeChat simulator (then linked under the QR codes as a demo aid). Set by `npm start` and `npm run dev`; a start that would use one without it stops and names the settings to provide
  HTML_CACHE_SECONDS: v(wholeNumber, '300'), // how long a rendered page stays in the server's page cache (`0` turns it off; always off with `npm run dev`)
  HTML_CACHE_MB: v(wholeNumber, '64'), // the most memory the page cache's finished pages take (every encoding; least recently used first out)
});

export const database = area('Database', {
  DATABASE_URL: v(optional), // a PostgreSQL connection string (PostgreSQL 15 or newer); when empty, the embedded database in `DATA_DIR` is used
  DATABASE_POOL_SIZE: v(between(1, 1000), '10'), // connections each server process keeps to PostgreSQL at most (1 to 1000); processes × pool size must stay below the server's `max_connections`
  DATA_DIR: v(text, 'data/pglite'), // folder of the embedded PGlite database, created on the first start; one server at a time (`portal.lock` in the folder)
});

export const operations = area('Running and stopping', {
  SHUTDOWN_DRAIN_MS: v((value, name) => (value ? wholeNumber(value, name) : undefined)), // on SIGTERM or SIGINT, how long the process keeps answering (readiness 503, `Connection: close`) before it closes its listeners; default 5000, 0 with `npm run dev`. Longer than the proxy's keep-alive to the portal and a readiness-checking balancer's interval (docs/deploy.md)
  SHUTDOWN_TIMEOUT_MS: v(wholeNumber, '10000'), // requests still running this many ms after the drain are cut off (a process stops within drain + timeout)
  METRICS_PORT: v((value, name) => (value ? between(1, 65_535)(value, name) : undefined)), // the port of the Prometheus endpoint `/metrics` (its own listener; unset: off; never `PORT` or `BRAND2_PORT`). Each process exposes its own
  METRICS_HOST: v(text, '127.0.0.1'), // the interface the metrics listener binds (`0.0.0.0` in a container whose port is not published)
  BENCH_UNLIMITED: v(oneOrZero), // `1` lifts the per-IP rate limits so a load test from one address measures the server; only with `NODE_ENV=bench`: any other `NODE_ENV` (production, staging, …) refuses the start (exit code 78)
});
