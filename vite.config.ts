/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
/** Where builds go; tests build into their own folder so they never disturb a running `npm start`. */
const distDir = process.env.PORTAL_DIST ?? 'dist';
const clientEntry = r('./src/entry-client.tsx');

/**
 * Every module the client entry imports statically, found once the module graph is complete. The client build
 * puts them all in the entry chunk (the `shell` group below): the browser loads them on every first load
 * anyway. Without it Rolldown's chunk optimiser (1.3) splits some of them (React, the runtime, small shared
 * helpers) into separate chunks as soon as a lazily loaded page imports an entry module of its own, which
 * costs 2-3 kB (brotli) on every page (rolldown#10731).
 */
const entryModules = new Set<string>();
const collectEntryModules: Plugin = {
  name: 'portal:entry-modules',
  apply: 'build',
  buildStart() {
    entryModules.clear();
  },
  buildEnd() {
    const visit = (id: string) => {
      if (entryModules.has(id)) return;
      entryModules.add(id);
      for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
    };
    visit(clientEntry);
  },
};
/**
 * The entry's modules, and the rank badge: the home page shows it and a college page too, so on its own it would
 * be one more small chunk in the home page's first load (~0.4 kB more than inside the entry).
 */
const inShell = (id: string) => entryModules.has(id) || id.includes('/src/components/rank-badge/');

/** The operator's console: its own client build (`vite build --mode console`) into `<dist>/console`, never in the portal's. */
const consoleEntry = r('./src/console/main.tsx');

export default defineConfig(({ isSsrBuild, mode }) => ({
  resolve: { alias: { '~': r('./src'), '#machines': r('./machines'), '#shared': r('./shared') } },
  plugins: [
    {
      // sonner writes its stylesheet into an inline <style>, which the pages' Content-Security-Policy refuses;
      // its own styles.css is bundled with the toaster instead (src/components/toast/toaster.tsx).
      name: 'sonner-styles-as-a-file',
      transform: {
        filter: { id: /node_modules\/sonner\/dist\/index\.m?js$/ },
        handler: (code) => code.replace(/__insertCSS\((?=["'`])/, '(() => {})('),
      },
    },
    {
      // uPlot builds a number format from navigator.language when it loads, which throws a RangeError where the
      // browser reports a language that is no BCP 47 tag (WebKitGTK under LANG=C says "C"): the chart module then
      // fails to load. Fall back to en-US there, as uPlot does outside a browser.
      name: 'uplot-language-fallback',
      transform: {
        filter: { id: /node_modules\/uplot\/dist\/uPlot\.esm\.js$/ },
        handler: (code) =>
          code.replace(
            "new Intl.NumberFormat(domEnv ? nav.language : 'en-US')",
            "(() => { try { return new Intl.NumberFormat(domEnv ? nav.language : 'en-US'); } catch { return new Intl.NumberFormat('en-US'); } })()",
          ),
      },
    },
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
    lingui({ failOnMissing: true, failOnCompileError: true }),
    vanillaExtractPlugin(),
    ...(isSsrBuild || mode === 'console' ? [] : [collectEntryModules]),
  ],
  build:
    mode === 'console'
      ? consoleBuild
      : {
          outDir: `${distDir}/${isSsrBuild ? 'server' : 'client'}`,
          manifest: !isSsrBuild,
          // public/ belongs to the client build (the server reads its few files from there); not a second copy.
          copyPublicDir: !isSsrBuild,
          assetsDir: 'assets',
          sourcemap: false,
          rolldownOptions: isSsrBuild
            ? {}
            : {
                input: clientEntry,
                output: { codeSplitting: { groups: [{ name: 'shell', test: inShell }] } },
              },
        },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: [r('./src/test-setup.ts')],
    include: [
      'src/**/*.test.{ts,tsx}',
      'machines/**/*.test.{ts,tsx}',
      'shared/**/*.test.ts',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
  },
}));

/** The console's client: its entry, hashed assets under /assets/ of the console's listener, and a manifest the
 * server reads for the shell (server/console/pages.ts). */
const consoleBuild = {
  outDir: `${distDir}/console`,
  manifest: true,
  copyPublicDir: false,
  assetsDir: 'assets',
  sourcemap: false,
  rolldownOptions: { input: consoleEntry },
};
