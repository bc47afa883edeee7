/**
 * The QR panel for the login page's WeChat tab: its code (and, in the browser, the `scan` messages of the
 * page's language) load when the tab first opens, so the login page's own chunk carries none of it.
 */
import { lazy } from 'react';
import { localeFromPath } from '#shared/locale';
import { guardChunk } from '~/lib/chunk-reload';
import { loadLocale } from '~/lib/i18n';

const loadScanPanelCode = guardChunk(() => import('./scan-panel'));

export const loadScanPanel = () =>
  Promise.all([
    loadScanPanelCode(),
    // The server has every catalog loaded already.
    typeof window === 'undefined' ? null : loadLocale(localeFromPath(window.location.pathname), ['scan']),
  ]).then(([module]) => ({ default: module.ScanPanel }));

export const LazyScanPanel = lazy(loadScanPanel);
