import { settingsTables } from '../../server/settings-schema';

/** docs/settings.md: a short introduction, then the tables generated from the settings schema. */
export function settingsPage(): string {
  return `# Settings (environment variables)

The server reads these once at start; a value it cannot use stops start-up with a message naming the variable.
Generated from \`server/settings-schema.ts\` by \`npm run docs:settings\` (a test fails when this page differs):
add or change a setting there, not here. Production settings and examples: [deploy.md](deploy.md).

${settingsTables()}`;
}
