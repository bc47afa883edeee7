/**
 * The college's articles (owner and editor): filtered by section, language and state, searched by title or slug,
 * newest change first, paged with the cursor; a new article is started here (its section and slug) and opens in the
 * editor.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { COLLEGE_SECTIONS, type CollegeSection } from '#shared/college-sections';
import { ChoiceSelect } from '../components/choice-select';
import { ColumnHeads } from '../components/column-heads';
import { FieldError } from '../components/field-error';
import { Link, useNavigate } from '../components/link';
import { LoadMore } from '../components/load-more';
import { Empty, ErrorState, Loading, PageHeading } from '../components/states';
import { type ConsoleApiError, consoleApi, type Data } from '../lib/api';
import { LANG_NAMES, SECTION_NAMES, STATE_NAMES } from '../lib/article-words';
import { ARTICLE_LANG_LIST, ARTICLE_STATE_LIST, SLUG_PATTERN } from '../lib/contract-values';
import { formatTime } from '../lib/format';
import { useCursorList } from '../lib/use-cursor-list';
import * as ui from '../styles/ui.css';

type Row = Data<'articles'>['items'][number];
type Filters = { section: string; lang: string; state: string; q: string };

export function ArticlesPage() {
  const { t, i18n } = useLingui();
  const ids = { section: useId(), lang: useId(), state: useId(), q: useId() };
  const [draft, setDraft] = useState<Filters>({ section: '', lang: '', state: '', q: '' });
  const [filters, setFilters] = useState(draft);
  const query = () => ({ ...filters, q: filters.q.trim() }) as Parameters<typeof consoleApi.articles>[0];
  const list = useCursorList<Row>(
    (cursor) => consoleApi.articles(cursor ? { ...query(), cursor } : query()),
    [filters],
    t`加载失败`,
  );
  const { state, reload, items: rows } = list;
  const set = (key: keyof Filters) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setDraft((previous) => ({ ...previous, [key]: event.target.value }));

  return (
    <>
      <PageHeading>
        <Trans>文章</Trans>
      </PageHeading>
      <NewArticle />
      <search>
        <form
          className={ui.card}
          aria-label={t`筛选文章`}
          onSubmit={(event) => {
            event.preventDefault();
            setFilters({ ...draft });
          }}
        >
          <div className={ui.row}>
            <div className={ui.field}>
              <label className={ui.label} htmlFor={ids.section}>
                <Trans>栏目</Trans>
              </label>
              <ChoiceSelect
                id={ids.section}
                choices={COLLEGE_SECTIONS}
                nameOf={(choice) => i18n._(SECTION_NAMES[choice])}
                value={draft.section}
                onChoose={(choice) => setDraft((previous) => ({ ...previous, section: choice }))}
                any={t`全部`}
              />
            </div>
            <div className={ui.field}>
              <label className={ui.label} htmlFor={ids.lang}>
                <Trans>语言</Trans>
              </label>
              <ChoiceSelect
                id={ids.lang}
                choices={ARTICLE_LANG_LIST}
                nameOf={(choice) => i18n._(LANG_NAMES[choice])}
                value={draft.lang}
                onChoose={(choice) => setDraft((previous) => ({ ...previous, lang: choice }))}
                any={t`全部`}
              />
            </div>
            <div className={ui.field}>
              <label className={ui.label} htmlFor={ids.state}>
                <Trans>状态</Trans>
              </label>
              <ChoiceSelect
                id={ids.state}
                choices={ARTICLE_STATE_LIST}
                nameOf={(choice) => i18n._(STATE_NAMES[choice])}
                value={draft.state}
                onChoose={(choice) => setDraft((previous) => ({ ...previous, state: choice }))}
                any={t`全部`}
              />
            </div>
            <div className={ui.field}>
              <label className={ui.label} htmlFor={ids.q}>
                <Trans>标题或 slug</Trans>
              </label>
              <input id={ids.q} className={ui.input} type="search" maxLength={64} value={draft.q} onChange={set('q')} />
            </div>
            <button type="submit" className={ui.button({ tone: 'primary' })}>
              <Trans>搜索</Trans>
            </button>
          </div>
        </form>
      </search>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && <ErrorState message={state.error.message} onRetry={reload} />}
      {state.status === 'ok' && rows.length === 0 && (
        <Empty>
          <Trans>没有文章</Trans>
        </Empty>
      )}
      {rows.length > 0 && (
        <table className={ui.table} data-testid="articles-table">
          <caption className={ui.label}>
            <Trans>文章（最近修改在前）</Trans>
          </caption>
          <ColumnHeads>
            <Trans>标题</Trans>
            <Trans>栏目</Trans>
            <Trans>状态</Trans>
            <Trans>发布时间</Trans>
            <Trans>修改时间</Trans>
            <Trans>阅读</Trans>
          </ColumnHeads>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td className={ui.cell}>
                  <Link to="/articles/$articleId" params={{ articleId: String(row.id) }}>
                    {row.titles.zh || row.titles.en || t`（无标题）`}
                  </Link>
                  {row.titles.zh && row.titles.en ? (
                    <>
                      <br />
                      <small lang="en">{row.titles.en}</small>
                    </>
                  ) : null}
                  <br />
                  <small>
                    #{row.id} · <code>{row.slug}</code>
                  </small>
                </td>
                <td className={ui.cell}>{i18n._(SECTION_NAMES[row.section])}</td>
                <td className={ui.cell}>
                  <span className={ui.badge({ tone: 'neutral' })}>{i18n._(STATE_NAMES[row.state])}</span>
                </td>
                <td className={ui.cell}>
                  {row.state === 'scheduled'
                    ? formatTime(row.publishAt, i18n.locale)
                    : formatTime(row.publishedAt, i18n.locale)}
                </td>
                <td className={ui.cell}>{formatTime(row.updatedAt, i18n.locale)}</td>
                <td className={ui.numberCell}>{row.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <LoadMore list={list} />
    </>
  );
}

/** A new article: its section and slug (the rest is written in the editor, which it opens). */
function NewArticle() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const ids = { section: useId(), slug: useId(), slugError: useId(), title: useId() };
  const [section, setSection] = useState<CollegeSection>('operate');
  const [slug, setSlug] = useState('');
  const [status, setStatus] = useState<
    { kind: 'idle' | 'busy' } | { kind: 'error'; message: string; field?: string | undefined }
  >({ kind: 'idle' });
  const slugError = status.kind === 'error' && status.field === 'slug' ? status.message : '';
  return (
    <form
      className={ui.card}
      aria-labelledby={ids.title}
      onSubmit={(event) => {
        event.preventDefault();
        setStatus({ kind: 'busy' });
        consoleApi.createArticle({ section, slug: slug.trim(), tags: [] }).then(
          (article) => void navigate({ to: '/articles/$articleId', params: { articleId: String(article.id) } }),
          (error: ConsoleApiError) =>
            setStatus({ kind: 'error', message: error.message || t`创建失败`, field: error.field }),
        );
      }}
    >
      <h2 id={ids.title} className={ui.subheading}>
        <Trans>新建文章</Trans>
      </h2>
      {status.kind === 'error' && !slugError && (
        <p role="alert" className={ui.notice({ tone: 'error' })}>
          {status.message}
        </p>
      )}
      <div className={ui.row}>
        <div className={ui.field}>
          <label className={ui.label} htmlFor={ids.section}>
            <Trans>新文章的栏目</Trans>
          </label>
          <ChoiceSelect
            id={ids.section}
            choices={COLLEGE_SECTIONS}
            nameOf={(choice) => i18n._(SECTION_NAMES[choice])}
            value={section}
            onChoose={setSection}
          />
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor={ids.slug}>
            <Trans>新文章的 slug</Trans>
          </label>
          <input
            id={ids.slug}
            className={ui.input}
            required
            maxLength={80}
            pattern={SLUG_PATTERN}
            placeholder="sample-checklist"
            aria-invalid={slugError ? true : undefined}
            aria-describedby={ids.slugError}
            value={slug}
            onChange={(e) => setSlug(e.target.value)}
          />
          <FieldError id={ids.slugError} message={slugError} alert />
        </div>
        <button type="submit" className={ui.button({ tone: 'primary' })} disabled={status.kind === 'busy'}>
          <Trans>创建草稿</Trans>
        </button>
      </div>
      <p className={ui.label}>
        <Trans>slug 只用小写字母、数字和单个连字符，在栏目内唯一。</Trans>
      </p>
    </form>
  );
}
