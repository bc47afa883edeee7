/**
 * The 404 and 500 pages (docs/product.md#error-pages): "This page could not be found" (in Chinese on the Chinese site) with a link
 * home, and "Unknown middleware" (the spec's text in both languages), inside the site's layout. Inside the
 * `{-$locale}` layout they render as the page; before it exists (an unknown first segment, an error in the
 * layout's loading) the Framed variants bring the frame.
 */
import { msg } from '@lingui/core/macro';
import { CatchBoundary, type ErrorComponentProps, useLocation } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { localeFromPath, localizePath } from '#shared/locale';
import { ChunkLoadFailure, isChunkLoadError, reloadInBrowser } from '~/lib/chunk-reload';
import { i18nFor } from '~/lib/i18n';
import * as styles from './error-page.css';
import { LocaleFrame } from './locale-frame';

const NOT_FOUND_TEXT = msg`找不到此页面`;
/** The spec's text (docs/product.md#errors-and-messages), shown as it is in both languages. */
const SERVER_ERROR_TEXT = 'Unknown middleware';

function usePageI18n() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const locale = localeFromPath(pathname);
  return { locale, i18n: i18nFor(locale) };
}

function ErrorView({
  status,
  message,
  messageLang,
  hint,
}: {
  status: number;
  message: string;
  messageLang?: string;
  hint: string;
}): ReactNode {
  const { locale, i18n } = usePageI18n();
  return (
    <main className={styles.page} lang={locale === 'zh' ? 'zh-CN' : 'en'}>
      <p className={styles.status}>{status}</p>
      <h1 className={styles.message} lang={messageLang}>
        {message}
      </h1>
      <p className={styles.hint}>{hint}</p>
      <a className={styles.home} href={localizePath('/', locale)}>
        {i18n._(msg`返回首页`)}
      </a>
    </main>
  );
}

export function NotFoundPage(): ReactNode {
  const { i18n } = usePageI18n();
  return <ErrorView status={404} message={i18n._(NOT_FOUND_TEXT)} hint={i18n._(msg`你访问的页面不存在或已被移除。`)} />;
}

export function ErrorPage({ error }: Pick<ErrorComponentProps, 'error'>): ReactNode {
  const { i18n } = usePageI18n();
  const chunkError = isChunkLoadError(error);
  useEffect(() => {
    if (chunkError) reloadInBrowser();
  }, [chunkError]);
  // The spec's text, never the error's own message (it may name internals: a query, a file, an address).
  const hint =
    chunkError || error instanceof ChunkLoadFailure
      ? i18n._(msg`页面代码加载失败，可能是网站刚刚更新。请检查网络后刷新页面。`)
      : i18n._(msg`页面出了点问题，请刷新后重试。`);
  return <ErrorView status={500} message={SERVER_ERROR_TEXT} messageLang="en" hint={hint} />;
}

/** The frame, unless the frame itself is what fails: then the page alone. */
function Framed({ children, error }: { children: ReactNode; error?: unknown }): ReactNode {
  return (
    <CatchBoundary getResetKey={() => 0} errorComponent={() => <ErrorPage error={error ?? new Error('layout')} />}>
      <LocaleFrame>{children}</LocaleFrame>
    </CatchBoundary>
  );
}

export function FramedNotFoundPage(): ReactNode {
  return (
    <Framed>
      <NotFoundPage />
    </Framed>
  );
}

export function FramedErrorPage({ error }: ErrorComponentProps): ReactNode {
  return (
    <Framed error={error}>
      <ErrorPage error={error} />
    </Framed>
  );
}
