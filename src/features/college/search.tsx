/**
 * Search: the box in the banner and the results. A search is the college index with `?q=`: the loader asks
 * the API (on the server too, so a search works without scripts and can be shared), the box shows that it is
 * searching while the results load, and the results mark the words found. A failed search says so and
 * offers a retry.
 */
import { Plural, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { MAX_QUERY_LENGTH } from '#shared/college-sections';
import type { SearchResults } from '#shared/contract/college';
import { localizePath } from '#shared/locale';
import { useLocale } from '~/lib/use-locale';
import { ArticleMeta } from './article-list';
import * as styles from './college.css';
import { Highlight } from './highlight';
import { Pagination } from './navigation';
import { articlePath, COLLEGE_FAMILY, COLLEGE_HOME } from './paths';

export function SearchBox({ query }: { query: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(query);
  useEffect(() => setValue(query), [query]);
  // Searching from the moment the search is sent until its page has loaded (not a store hook: see pages.tsx).
  const [searching, setSearching] = useState(false);
  const action = localizePath(COLLEGE_HOME, locale);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = value.trim();
    if (!q) {
      input.current?.focus();
      return;
    }
    setSearching(true);
    navigate({ to: action, search: { q } }).finally(() => setSearching(false));
  };

  return (
    <div>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not yet mapped to the search role by every tool (jsdom, older readers) */}
      <form
        role="search"
        aria-label={t`搜索商学院文章`}
        className={styles.searchForm}
        action={action}
        method="get"
        onSubmit={submit}
        aria-busy={searching}
      >
        <input
          ref={input}
          className={styles.searchInput}
          type="search"
          name="q"
          value={value}
          maxLength={MAX_QUERY_LENGTH}
          onChange={(event) => setValue(event.target.value)}
          aria-label={t`搜索关键词`}
          placeholder={t`搜索文章，如：邀约话术`}
          autoComplete="off"
        />
        <button type="submit" className={styles.searchButton} aria-disabled={searching || undefined}>
          {t`搜索`}
        </button>
      </form>
      <p className={styles.searchStatus} role="status">
        {searching ? t`正在搜索…` : ''}
      </p>
    </div>
  );
}

export function SearchResultsView({ query, results }: { query: string; results: SearchResults | null }) {
  const { t } = useLingui();
  const locale = useLocale();
  const router = useRouter();
  return (
    <section aria-labelledby="college-search-title">
      <h1 id="college-search-title" className={styles.heading}>
        {t`搜索：${query}`}
      </h1>
      {results === null ? (
        <div className={styles.errorBox} role="alert">
          <p>{t`搜索暂时不可用，请稍后再试。`}</p>
          <button type="button" className={styles.retry} onClick={() => void router.invalidate()}>
            {t`重试`}
          </button>
        </div>
      ) : results.total === 0 ? (
        <p className={styles.empty}>{t`没有找到与“${query}”相关的文章。换个关键词试试，比如“邀约”或“插件”。`}</p>
      ) : (
        <>
          <p className={styles.lead}>
            <Plural value={results.total} other="找到 # 篇相关文章" />
          </p>
          <ol className={styles.cardList}>
            {results.items.map((hit) => (
              <li key={hit.id} className={styles.card}>
                <h2 className={styles.cardTitle}>
                  <Link
                    className={styles.cardLink}
                    to={localizePath(articlePath(COLLEGE_FAMILY, hit.section, hit.id), locale)}
                  >
                    <Highlight text={hit.title} terms={results.terms} />
                  </Link>
                </h2>
                <p className={styles.cardSummary}>
                  <Highlight text={hit.snippet} terms={results.terms} />
                </p>
                <ArticleMeta article={hit} showSection />
              </li>
            ))}
          </ol>
          <Pagination path={COLLEGE_HOME} page={results.page} pages={results.pages} query={query} />
        </>
      )}
    </section>
  );
}
