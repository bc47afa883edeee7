/**
 * `npm run docs:settings`: writes docs/settings.md from the settings' declarations (server/config/), the one
 * place each environment variable's default and meaning are written. scripts/docs.test.ts fails when the
 * committed page differs.
 */
import { writeFileSync } from 'node:fs';
import { settingsPage } from './lib/settings-page';

writeFileSync('docs/settings.md', settingsPage());
console.log('Wrote docs/settings.md');
