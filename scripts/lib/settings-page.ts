/**
 * docs/settings.md: a short introduction, then the tables generated from the settings' declarations
 * (server/config/) and, for the variables the scripts and tests read (parsed where they are used), `TOOL_ENV`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AREAS } from '../../server/config/settings';

const CONFIG = join(import.meta.dirname, '../../server/config');

/** Each server variable's meaning: the comment after its declaration (`NAME: v(…), // meaning`). */
function serverDocs(): Record<string, { default?: string; doc: string }>[] {
  const docs = new Map<string, string>();
  for (const file of readdirSync(CONFIG).filter((name) => !name.endsWith('.test.ts')))
    for (const [, name, doc] of readFileSync(join(CONFIG, file), 'utf8').matchAll(
      /^ {2}([A-Z][A-Z0-9_]*): v\(.*\/\/ (.+)$/gm,
    ))
      docs.set(name, doc);
  return AREAS.map((area) =>
    Object.fromEntries(
      Object.entries(area.variables).map(([name, spec]) => {
        const doc = docs.get(name);
        if (!doc) throw new Error(`${name} has no "// meaning" comment after its declaration in server/config/`);
        return [name, { default: spec.default, doc }];
      }),
    ),
  );
}

export const TOOL_ENV: Record<string, { default?: string; doc: string }> = {
  LOG_LEVEL: {
    default: 'info',
    doc: 'the server log level: one JSON line per event and per request on stdout (short readable lines on a terminal); phone numbers masked, no passwords, tokens or codes',
  },
  PORTAL_DIST: {
    default: 'dist',
    doc: 'build folder of `npm start`, `npm run build` and `npm run serve` (tests use `dist-e2e`); the compiled server always serves the folder it is in',
  },
  CHROMIUM_PATH: { default: '/usr/bin/chromium', doc: 'the browser the browser tests and the benchmark drive' },
  E2E_PORT: {
    default: '5030',
    doc: '`npm run test:e2e`: the port of brand 1 (brand 2 on the next); `E2E_DIST` the build folder',
  },
  E2E_ONLY: {
    doc: '`npm run test:e2e`: only the tests whose name matches this regular expression (`node --test-name-pattern`)',
  },
  TEST_DATABASE_URL: {
    doc: 'the PostgreSQL server the server tests also run on (default: the local cluster `scripts/test-postgres.sh` starts)',
  },
  BENCH_SECONDS: {
    default: '5',
    doc: '`npm run bench`: the length of each measured server run (after 1 s of warm-up)',
  },
  BENCH_PORT: { default: '5132', doc: '`npm run bench`: the first of the 4 ports of the server speed runs' },
  BENCH_DATABASE_URL: {
    doc: '`npm run bench`: a PostgreSQL server for the API rows (default: `scripts/test-postgres.sh`; empty: skipped)',
  },
  LIGHTHOUSE_PATHS: { doc: '`npm run lighthouse -- mobile`: only these phone pages (comma-separated)' },
  LIGHTHOUSE_DETAILS: {
    doc: "`1`: `npm run lighthouse -- mobile` also prints each run's LCP element, shifts and requests",
  },
};

function table(title: string, variables: Record<string, { default?: string; doc: string }>): string {
  const rows = Object.entries(variables).map(
    ([name, spec]) =>
      `| \`${name}\` | ${spec.default === undefined ? '' : `\`${spec.default}\``} | ${spec.doc.replace(/\|/g, '\\|')} |`,
  );
  return [`## ${title}`, '', '| variable | default | meaning |', '| --- | --- | --- |', ...rows, ''].join('\n');
}

export function settingsPage(): string {
  return `# Settings (environment variables)

The server reads these once at start; a value it cannot use stops start-up with a message naming the variable.
Generated from the declarations in \`server/config/\` by \`npm run docs:settings\` (a test fails when this page
differs): add or change a setting there, not here. Production settings and examples: [deploy.md](deploy.md).

${[...serverDocs().map((docs, i) => table(AREAS[i].title, docs)), table('Scripts and tests', TOOL_ENV)].join('\n')}`;
}
