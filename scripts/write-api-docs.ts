/**
 * `npm run docs:api`: rewrites docs/api.md's generated tables (limits, countries, business codes) from the code
 * (scripts/lib/api-tables.ts). scripts/docs.test.ts fails when the committed page differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { withApiTables } from './lib/api-tables';

writeFileSync('docs/api.md', withApiTables(readFileSync('docs/api.md', 'utf8')));
console.log('Wrote the generated tables of docs/api.md');
