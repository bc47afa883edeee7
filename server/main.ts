/**
 * Starts the portal: pages, assets and API on two ports (brand 1 on PORT, brand 2 on BRAND2_PORT).
 * `--dev` runs Vite in middleware mode with hot reload instead of the built files.
 */
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { ServerManifest } from '@tanstack/router-core';
import { countBackingOff } from './accounts/login';
import { startSweeper, sweepExpired } from './accounts/sweep';
import { adminSocketPath, startAdminControl } from './admin/control';
import { healthApi } from './api/health';
import { createApp } from './app';
import { collegeChangesFor } from './college/changes';
import { startCollegeScheduler } from './college/scheduler';
import { readSettings, SettingsRefusal, startRefusal } from './config/settings';
import { createConsoleApp } from './console/app';
import { startConversionOutbox } from './conversions/outbox';
import { takeDataDir } from './db/data-lock';
import { deferredDatabase } from './db/database';
import { openDatabase } from './db/open';
import { createRateLimiter } from './limits/rate-limiter';
import { logUnsetBrandContents } from './ops/brand-contents-log';
import { log } from './ops/log';
import { startMetricsServer, watchBackoffs, watchPool, watchReadiness, watchWebhookOutbox } from './ops/metrics';
import { CONTENT_DIR, DIST_DIR, DIST_NAME, PROJECT_ROOT } from './ops/paths';
import { installShutdown } from './ops/shutdown';
import { testClock } from './ops/test-clock';
import { buildRouterManifest, devManifest, type ViteManifest } from './pages/manifest';
import type { Renderer } from './pages/page-handler';
import { createCaptchaProvider } from './providers/captcha/index';
import { createMessagingProvider, describeProviders } from './providers/messaging/index';
import { firstLanAddress } from './providers/messaging/simulator';
import { createSmsProvider } from './providers/sms/index';
import { watchTicketChanges } from './scan-login/tickets';
import { oldestPendingSeconds, startWebhookOutbox } from './webhooks/outbox';

const dev = process.argv.includes('--dev');
const settings = (() => {
  try {
    // `npm run dev` is a local try: the stand-ins are allowed unless STANDINS says otherwise.
    const environment = dev ? { NODE_ENV: 'development', STANDINS: '1', ...process.env } : process.env;
    const settings = readSettings(environment);
    const refusal = startRefusal(environment, settings);
    if (refusal) throw refusal;
    return settings;
  } catch (error) {
    // One clear line, exit code 78 ("configuration error"), or a refusal's own code.
    log.fatal(error instanceof Error ? error.message : String(error));
    process.exit(error instanceof SettingsRefusal ? error.exitCode : 78);
  }
})();

type ServerEntry = Renderer & { routeModules: () => Record<string, string | string[]> };

async function main() {
  let listener: (req: IncomingMessage, res: ServerResponse) => void;
  /** `npm run dev`: Vite's middlewares, put in front of the console's listener too. */
  let viteMiddlewares: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
  // Relative paths (DATA_DIR, the static files' root) are the project folder's, wherever the server was started.
  process.chdir(PROJECT_ROOT);
  // The database opens and is seeded while the server listens. The folder lock is taken first, synchronously: a
  // second server on the same folder stops here, before it opens a socket.
  const dataDir = resolve(PROJECT_ROOT, settings.dataDir);
  const dataDirLock = settings.databaseUrl ? undefined : { unlock: takeDataDir(dataDir) };
  const ready = openDatabase({
    databaseUrl: settings.databaseUrl,
    databasePoolSize: settings.databasePoolSize,
    dataDir,
    dataDirLock,
  }).then(async (opened) => {
    // Loaded here, not before listening: its YAML and Markdown parsers are not needed for the first answer.
    const { seedCollege } = await import('./college/seed');
    await seedCollege(opened, join(CONTENT_DIR, 'college'));
    return opened;
  });
  ready.catch((error) => {
    log.fatal(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
  const db = deferredDatabase(ready, settings.databaseUrl ? 'postgres' : 'pglite');
  // Browser journeys may move the clock (NODE_ENV=bench or development only; server/ops/test-clock.ts): the sweep then
  // runs at once, as its timer would once the time had come.
  let sweepNow = () => {};
  const now = testClock(process.env, () => sweepNow()) ?? (() => new Date());
  const api = {
    db,
    now,
    sms: createSmsProvider(settings, now),
    captcha: createCaptchaProvider(settings),
    messaging: createMessagingProvider(settings, db, { now }),
  };
  // A college change clears this process's cached college pages at once, the other processes' through PostgreSQL.
  const collegeChanges = collegeChangesFor(db);
  const stopSweeper = startSweeper(db, now);
  sweepNow = () => {
    sweepExpired(db, now()).catch((error) => log.error({ err: error }, '[accounts] sweep failed'));
  };
  const stopConversions = startConversionOutbox(db, settings, now);
  const stopWebhooks = startWebhookOutbox(db, settings, now);
  // Scheduled college articles are published on time by whichever process sees them first, once.
  const stopCollegeScheduler = startCollegeScheduler({ db, now, collegeChanges });
  // PostgreSQL: hear every ticket change, so QR polls can be answered from memory (server/scan-login/tickets.ts).
  ready.then((opened) => watchTicketChanges(opened)).catch(() => {});
  // The embedded database admits one process: npm run admin's commands run in this one, through a socket.
  let stopAdmin: (() => Promise<void>) | null = null;
  if (!settings.databaseUrl) {
    ready
      .then(async () => {
        stopAdmin = await startAdminControl(db, adminSocketPath(resolve(PROJECT_ROOT, settings.dataDir)), now);
      })
      .catch((error) => {
        // A failed open is reported (and exits) above; a failed socket only leaves npm run admin without it.
        if (stopAdmin === null && error instanceof Error && !String(error.message).includes('in use'))
          log.warn(`[admin] no control socket: ${error.message}`);
      });
  }
  const servers: Server[] = [];
  let metricsServer: Server | null = null;
  const shutdown = installShutdown({
    servers,
    drainMs: settings.shutdownDrainMs,
    timeoutMs: settings.shutdownTimeoutMs,
    stopWork: async () => {
      stopSweeper();
      stopConversions();
      stopWebhooks();
      stopCollegeScheduler();
      await stopAdmin?.();
      metricsServer?.close();
    },
    closeDatabase: () => db.close(),
  });

  if (dev) {
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({ root: PROJECT_ROOT, server: { middlewareMode: true }, appType: 'custom' });
    const app = createApp({
      settings,
      api,
      collegeChanges,
      getRenderer: () => vite.ssrLoadModule('/src/entry-server.tsx') as Promise<ServerEntry>,
      getManifest: async () => devManifest,
    });
    const honoListener = getRequestListener(app.fetch);
    listener = (req, res) => vite.middlewares(req, res, () => honoListener(req, res));
    viteMiddlewares = vite.middlewares;
  } else {
    const clientDir = join(DIST_DIR, 'client');
    const serverEntry = join(DIST_DIR, 'server/entry-server.js');
    const viteManifestPath = join(clientDir, '.vite/manifest.json');
    if (!existsSync(serverEntry) || !existsSync(viteManifestPath)) {
      throw new Error(`No build found in ${DIST_NAME}/: run \`npm run build\` (npm start does it for you).`);
    }
    const entry = (await import(serverEntry)) as ServerEntry;
    const viteManifest = JSON.parse(readFileSync(viteManifestPath, 'utf8')) as ViteManifest;
    const manifest: ServerManifest = buildRouterManifest(viteManifest, entry.routeModules());
    const app = createApp({
      settings,
      api,
      collegeChanges,
      clientDir: `${DIST_NAME}/client`,
      getRenderer: async () => entry,
      getManifest: async () => manifest,
    });
    const honoListener = getRequestListener(app.fetch);
    // A page in the HTML cache, and a QR poll memory answers, are written before the app sees the request.
    listener = (req, res) => {
      if (!app.serveNode(req, res)) honoListener(req, res);
    };
  }

  const lanAddress = firstLanAddress();
  for (const [port, label] of [
    [settings.port, 'StarReach (brand 1)'],
    [settings.brand2Port, 'CreatorBox (brand 2)'],
  ] as const) {
    const server = createServer(shutdown.gate(listener));
    servers.push(server);
    await once(server.listen(port, settings.host), 'listening');
    const lan = lanAddress ? `, on your network http://${lanAddress}:${port}/` : '';
    log.info(`${label}: http://localhost:${port}/${lan}`);
  }
  if (settings.console) {
    // The operator's console: its own listener, never the public ports (docs/decisions/046-operators-console.md).
    const { host, port, publicUrl } = settings.console;
    const consoleApp = createConsoleApp({ db, settings, now, limiter: createRateLimiter(), collegeChanges }, { dev });
    const consoleListener = getRequestListener(consoleApp.fetch);
    // `npm run dev`: Vite serves the console's sources too (server/console/pages.ts writes the shell for them).
    const middlewares = viteMiddlewares;
    const server = createServer(
      shutdown.gate(
        middlewares ? (req, res) => middlewares(req, res, () => consoleListener(req, res)) : consoleListener,
      ),
    );
    servers.push(server);
    await once(server.listen(port, host), 'listening');
    const shown = host.includes(':') ? `[${host}]` : host;
    log.info(`Operator's console: http://${shown}:${port}/${publicUrl ? ` (public: ${publicUrl}/)` : ''}.`);
    log.info(
      '  Add an operator: npm run admin -- operator add --name <name> --role owner (password on standard input).',
    );
  }
  if (settings.metrics) {
    // portal_ready: /api/ready asked in-process at each scrape (draining says 503 from the gate, before the app).
    const health = healthApi(db);
    watchReadiness(async () => !shutdown.stopping() && (await health.request('/ready')).status === 200);
    watchPool(() => db.poolStats?.());
    watchBackoffs(() => countBackingOff(db, now()));
    watchWebhookOutbox(() => oldestPendingSeconds(db, now()));
    metricsServer = await startMetricsServer(settings.metrics);
    log.info(`Metrics: http://${settings.metrics.host}:${settings.metrics.port}/metrics (Prometheus).`);
  }
  log.info(dev ? 'Development mode: files reload as you edit them.' : `Edition: ${settings.edition}.`);
  for (const line of describeProviders(settings)) log.info(line);
  if (!dev) logUnsetBrandContents(log);
  for (const [brand, conversions] of Object.entries(settings.conversions)) {
    const platforms = [
      ...(conversions.baidu ? ['bd_vid → Baidu OCPC'] : []),
      ...conversions.urls.map((u) => `${u.param} → ${new URL(u.url.replace('{clickId}', 'x')).origin}`),
    ];
    if (platforms.length) log.info(`Ad conversions from the server (${brand}): ${platforms.join(', ')}.`);
  }
  log.info(
    settings.databaseUrl
      ? 'Database: PostgreSQL (DATABASE_URL).'
      : `Database: embedded PGlite in ${settings.dataDir}/ (set DATABASE_URL to use PostgreSQL).`,
  );
}

main().catch((error) => {
  log.fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
