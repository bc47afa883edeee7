import { msg } from '@lingui/core/macro';
import { type ErrorComponentProps, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { localeFromPath, localizePath } from '#shared/locale';
import { ChunkLoadFailure, isChunkLoadError, reloadInBrowser } from '~/lib/chunk-reload';
import { i18nFor } from '~/lib/i18n';
import * as styles from './error-page.css';

/** The spec's texts (docs/product.md#errors-and-messages) are shown as they are; the line under them is in the page's language. */
const NOT_FOUND_TEXT = 'This page could not be found';
const SERVER_ERROR_TEXT = 'Unknown middleware';

function ErrorView({ status, message, hint }: { status: number; message: string; hint: string }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const locale = localeFromPath(pathname);
  const i18n = i18nFor(locale);
  return (
    <main className={styles.page} lang={locale === 'zh' ? 'zh-CN' : 'en'}>
      <p className={styles.status}>{status}</p>
      <h1 className={styles.message} lang="en">
        {message}
      </h1>
      <p className={styles.hint}>{hint}</p>
      <a className={styles.home} href={localizePath('/', locale)}>
        {i18n._(msg`返回首页`)}
      </a>
    </main>
  );
}

export function NotFoundPage() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const i18n = i18nFor(localeFromPath(pathname));
  return <ErrorView status={404} message={NOT_FOUND_TEXT} hint={i18n._(msg`你访问的页面不存在或已被移除。`)} />;
}

export function ErrorPage({ error }: ErrorComponentProps) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const i18n = i18nFor(localeFromPath(pathname));
  const chunkError = isChunkLoadError(error);
  useEffect(() => {
    if (chunkError) reloadInBrowser();
  }, [chunkError]);
  if (chunkError || error instanceof ChunkLoadFailure) {
    return (
      <ErrorView
        status={500}
        message={SERVER_ERROR_TEXT}
        hint={i18n._(msg`页面代码加载失败，可能是网站刚刚更新。请检查网络后刷新页面。`)}
      />
    );
  }
  // The spec's text, never the error's own message (it may name internals: a query, a file, an address).
  return <ErrorView status={500} message={SERVER_ERROR_TEXT} hint={i18n._(msg`页面出了点问题，请刷新后重试。`)} />;
}
