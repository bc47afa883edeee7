/**
 * The grading half of `npm run observatory` (scripts/observatory/run.ts starts the server and the TLS proxy,
 * then runs this with NODE_EXTRA_CA_CERTS set): the scanner's own retriever, tests and grader on each page
 * given as an argument, one line per page with grade, score and failed tests; exit 1 when one is below A+ or
 * a score of 120.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../e2e/support/portal-server';

export const SCANNER = '@mdn/mdn-http-observatory';
export const SCANNER_VERSION = '1.4.8';
export const CACHE_DIR = join(PROJECT_ROOT, 'node_modules/.cache/observatory');
export const SCANNER_DIR = join(CACHE_DIR, 'node_modules', SCANNER);
/** The home page, the English login page and a college article. */
export const PAGES = ['/', '/en/login', '/business-college/ecommerce-intro/1001'];
const MIN_SCORE = 120;
const MIN_GRADE = 'A+';

const base = Number(process.env.OBSERVATORY_PORT ?? 5160);
/** The server's two ports, then nginx's http and https ports. */
export const ports = { server: base, brand2: base + 1, http: base + 2, https: base + 3 };

interface TestResult {
  result?: string;
  pass?: boolean;
  scoreModifier?: number;
}

/** The scanner's scan(), with our ports and path (its own scan() takes only a host name). */
export async function grade(path: string) {
  const load = (file: string) => import(pathToFileURL(join(SCANNER_DIR, file)).href);
  const { retrieve } = await load('src/retriever/retriever.js');
  const { ALL_TESTS } = await load('src/constants.js');
  const { getGradeForScore, getScoreModifier } = await load('src/grader/grader.js');
  const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await load('src/grader/charts.js');
  const retrieved = await retrieve('localhost', { httpPort: ports.http, httpsPort: ports.https, path });
  if (!retrieved.responses.auto) throw new Error(`${path}: no answer`);
  let withExtraCredit = 100;
  let uncurved = 100;
  const failed: string[] = [];
  for (const test of ALL_TESTS as ((r: unknown) => TestResult & { constructor: { name: string } })[]) {
    const result = test(retrieved);
    if (!result.result) continue;
    const modifier = getScoreModifier(result.result) as number;
    withExtraCredit += modifier;
    if (modifier < 0) uncurved += modifier;
    if (!result.pass) failed.push(`${result.constructor.name} (${result.result}, ${modifier})`);
  }
  const score = uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved;
  const final = getGradeForScore(score) as { grade: string; score: number };
  return { path, status: retrieved.responses.auto.status as number, ...final, failed };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let low = false;
  for (const path of process.argv.slice(2)) {
    const result = await grade(path);
    const good = result.grade === MIN_GRADE && result.score >= MIN_SCORE;
    low ||= !good;
    console.log(
      `${good ? 'ok  ' : 'LOW '} ${result.path.padEnd(40)} HTTP ${result.status}  grade ${result.grade.padEnd(2)}  score ${result.score}` +
        `  failed: ${result.failed.length ? result.failed.join('; ') : 'none'}`,
    );
  }
  console.log(
    low
      ? `A page is below ${MIN_GRADE} / ${MIN_SCORE}.`
      : `Every page is ${MIN_GRADE} with a score of at least ${MIN_SCORE}.`,
  );
  process.exit(low ? 1 : 0);
}
