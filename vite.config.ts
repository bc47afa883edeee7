/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
/** Where builds go; tests build into their own folder so they never disturb a running `npm start`. */
const distDir = process.env.PORTAL_DIST ?? 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '~': r('./src'), '#machines': r('./machines') } },
  plugins: [
    // Babel runs only on files that use a Lingui macro; everything else goes straight to the native transform.
    babel({
      presets: [
        defineRolldownBabelPreset({
          preset: () => ({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
          rolldown: { filter: { code: /from ['"]@lingui\/(core|react)\/macro['"]/ } },
        }),
      ],
    }),
    react(),
    lingui(),
    vanillaExtractPlugin(),
  ],
  build: {
    outDir: `${distDir}/${isSsrBuild ? 'server' : 'client'}`,
    manifest: !isSsrBuild,
    assetsDir: 'assets',
    sourcemap: false,
    rolldownOptions: isSsrBuild ? {} : { input: r('./src/entry-client.tsx') },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: [r('./src/test-setup.ts')],
    include: ['src/**/*.test.{ts,tsx}', 'machines/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
  },
}));
