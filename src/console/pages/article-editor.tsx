/**
 * The article editor (owner and editor): the shared fields (section, slug, tags, cover picture), then the Chinese and
 * English versions side by side (title, summary, Markdown body with pictures inserted at the caret), each with a live
 * preview drawn by the public pages' renderer (POST /articles/preview) in the public article styles. Every edit is
 * autosaved (machines/console/article-save.machine.ts) with its status in a live region; publish now, schedule
 * (a time in Asia/Shanghai) and unpublish are confirmed first and save what is pending before they run; a signed
 * preview link can be made to show the draft to a colleague. A field the server refuses is named next to it. Leaving
 * the page or the tab while an edit is not saved asks first.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useBlocker, useParams } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { fromPromise, waitFor } from 'xstate';
import type { ActionRequest } from '#machines/console/action.selectors';
import { articleSaveMachine } from '#machines/console/article-save.machine';
import { selectArticleSaveView } from '#machines/console/article-save.selectors';
import { COLLEGE_SECTIONS, type CollegeSection } from '#shared/college-sections';
import { visuallyHidden } from '~/styles/a11y.css';
import { articleBody } from '~/styles/article-body.css';
import { ActionPanel, useConsoleAction } from '../components/action-panel';
import { ChoiceSelect } from '../components/choice-select';
import { CopyButton } from '../components/copy-button';
import { FieldError } from '../components/field-error';
import { ErrorState, Loading, PageHeading } from '../components/states';
import { type ArticleInput, ConsoleApiError, consoleApi, type Data } from '../lib/api';
import { LANG_NAMES, SECTION_NAMES, STATE_NAMES } from '../lib/article-words';
import { ARTICLE_LANG_LIST, MEDIA_LIMIT_BYTES, MEDIA_TYPE_LIST, SLUG_PATTERN, TAGS_MAX } from '../lib/contract-values';
import { formatTime } from '../lib/format';
import { useLoad } from '../lib/use-load';
import * as styles from '../styles/editor.css';
import * as ui from '../styles/ui.css';

type Article = Data<'article'>;
type Lang = (typeof ARTICLE_LANG_LIST)[number];
type Text = { title: string; summary: string; body: string };
interface ArticleForm {
  section: CollegeSection;
  slug: string;
  tags: string;
  cover: string | null;
  zh: Text;
  en: Text;
}
/** Field errors by the server's field name (`slug`, `zh.title`, `at`, `zh.file` …). */
type FieldErrors = Record<string, string>;

const emptyText: Text = { title: '', summary: '', body: '' };

function formOf(article: Article): ArticleForm {
  return {
    section: article.section,
    slug: article.slug,
    tags: article.tags.join(', '),
    cover: article.cover,
    zh: article.zh ?? emptyText,
    en: article.en ?? emptyText,
  };
}

/** Tags as typed (commas, Chinese commas or 、 between them) → the contract's list. */
export const tagsOf = (text: string) =>
  text
    .split(/[,，、]/)
    .map((tag) => tag.trim())
    .filter(Boolean);

/** The working copy to save: a language is sent when it has words or the article already had it. */
function inputOf(form: ArticleForm, had: Record<Lang, boolean>): ArticleInput {
  const has = (text: Text) => !!(text.title.trim() || text.summary.trim() || text.body.trim());
  return {
    section: form.section,
    slug: form.slug.trim(),
    tags: tagsOf(form.tags),
    cover: form.cover,
    ...(had.zh || has(form.zh) ? { zh: form.zh } : {}),
    ...(had.en || has(form.en) ? { en: form.en } : {}),
  };
}

/** `2026-12-01T09:30` typed in Asia/Shanghai → an ISO time with its offset. */
export const shanghaiIso = (local: string) => `${local.length === 16 ? `${local}:00` : local}+08:00`;
/** An ISO time → the `datetime-local` value in Asia/Shanghai. */
export const shanghaiLocal = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 16) : '';

export function ArticleEditorPage() {
  const { articleId } = useParams({ strict: false }) as { articleId: string };
  const id = Number(articleId);
  const { state, reload } = useLoad(() => consoleApi.article(id), [id]);
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <ErrorState message={state.error.message} onRetry={reload} />;
  return <Editor key={id} initial={state.data} />;
}

function Editor({ initial }: { initial: Article }) {
  const { t, i18n } = useLingui();
  const [article, setArticle] = useState(initial);
  const [form, setForm] = useState(() => formOf(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const had = useRef({ zh: initial.zh !== null, en: initial.en !== null });
  const ids = { section: useId(), slug: useId(), tags: useId(), cover: useId(), at: useId(), link: useId() };

  const saver = useActorRef(
    articleSaveMachine.provide({
      actors: {
        save: fromPromise<{ updatedAt: string }, { draft: unknown }>(async ({ input }) => {
          const saved = await consoleApi.saveArticle(initial.id, input.draft as ArticleInput);
          setArticle(saved);
          had.current = { zh: saved.zh !== null, en: saved.en !== null };
          setErrors((previous) => withoutSaveFields(previous));
          return { updatedAt: saved.updatedAt };
        }),
      },
    }),
    { input: { draft: inputOf(formOf(initial), had.current), savedAt: initial.updatedAt } },
  );
  const save = useSelector(saver, selectArticleSaveView);
  // An edit not saved yet (waiting, on its way, or refused) would be lost: leaving the page or the tab asks first.
  const settled = useRef(save.settled);
  settled.current = save.settled;
  useBlocker({
    shouldBlockFn: () => !settled.current && !window.confirm(t`修改还没有保存，仍要离开吗？`),
    enableBeforeUnload: () => !settled.current,
  });
  const saveFailure = save.failure;
  const shownErrors: FieldErrors = {
    ...errors,
    ...(saveFailure?.field ? { [saveFailure.field]: saveFailure.message } : {}),
  };

  const current = useRef(form);
  const edit = (change: (form: ArticleForm) => ArticleForm) => {
    const next = change(current.current);
    current.current = next;
    setForm(next);
    saver.send({ type: 'draft.edit', draft: inputOf(next, had.current) });
  };

  /** Saves what is pending, then resolves; rejects with the save's failure. */
  const flush = async () => {
    saver.send({ type: 'draft.saveNow' });
    const settled = await waitFor(saver, (s) => s.matches('saved') || s.matches('failed'), { timeout: 30_000 });
    if (settled.matches('failed')) {
      const failure = settled.context.failure;
      throw new ConsoleApiError({
        status: failure?.status ?? 0,
        code: failure?.code ?? 0,
        message: failure?.message ?? '',
      });
    }
  };

  const perform = async (request: ActionRequest) => {
    await flush();
    try {
      if (request.kind === 'publish') return await consoleApi.publishArticle(article.id);
      if (request.kind === 'schedule') return await consoleApi.publishArticle(article.id, request.at);
      if (request.kind === 'unpublish') return await consoleApi.unpublishArticle(article.id);
      throw new Error(request.kind);
    } catch (error) {
      if (error instanceof ConsoleApiError && error.field)
        setErrors((previous) => ({ ...previous, [error.field as string]: error.message }));
      throw error;
    }
  };
  const action = useConsoleAction(perform, (_, result) => {
    setArticle(result as Article);
    setErrors({});
  });

  const [scheduleAt, setScheduleAt] = useState(shanghaiLocal(initial.publishAt));
  const [link, setLink] = useState<
    { state: 'idle' | 'busy' } | { state: 'ok'; url: string; expiresAt: string } | { state: 'error'; message: string }
  >({ state: 'idle' });

  const errorFor = (field: string) => shownErrors[field] ?? '';
  const fieldProps = (field: string, errorId: string) =>
    errorFor(field) ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};

  return (
    <>
      <PageHeading>
        {form.zh.title || form.en.title ? (
          <Trans>编辑文章：{form.zh.title || form.en.title}</Trans>
        ) : (
          <Trans>编辑文章 #{article.id}</Trans>
        )}
      </PageHeading>
      <section className={ui.card} aria-label={t`文章状态`}>
        <dl className={styles.meta}>
          <div>
            <dt className={ui.term}>
              <Trans>状态</Trans>
            </dt>
            <dd className={ui.detail} data-testid="article-state">
              <span className={ui.badge({ tone: 'neutral' })}>{i18n._(STATE_NAMES[article.state])}</span>
              {article.state === 'scheduled' && ` ${formatTime(article.publishAt, i18n.locale)}`}
              {article.unpublishedChanges && article.state === 'published' ? ` · ${t`有未发布的修改`}` : ''}
            </dd>
          </div>
          <div>
            <dt className={ui.term}>
              <Trans>首次发布</Trans>
            </dt>
            <dd className={ui.detail}>{formatTime(article.publishedAt, i18n.locale)}</dd>
          </div>
          <div>
            <dt className={ui.term}>
              <Trans>阅读</Trans>
            </dt>
            <dd className={ui.detail} data-testid="article-views">
              {article.views}
            </dd>
          </div>
          <div>
            <dt className={ui.term}>
              <Trans>点赞数</Trans>
            </dt>
            <dd className={ui.detail} data-testid="article-likes">
              {article.likes}
            </dd>
          </div>
          {ARTICLE_LANG_LIST.map((lang) =>
            article.links[lang] ? (
              <div key={lang}>
                <dt className={ui.term}>
                  <Trans>公开页面（{i18n._(LANG_NAMES[lang])}）</Trans>
                </dt>
                <dd className={ui.detail}>
                  <a href={article.links[lang] ?? ''} target="_blank" rel="noreferrer">
                    {article.links[lang]}
                  </a>
                </dd>
              </div>
            ) : null,
          )}
        </dl>
        <SaveStatus view={save} onRetry={() => saver.send({ type: 'draft.retry' })} />
      </section>

      <section className={ui.card} aria-labelledby="article-actions-title">
        <h2 id="article-actions-title" className={ui.subheading}>
          <Trans>发布</Trans>
        </h2>
        <div className={ui.row}>
          <button
            type="button"
            className={ui.button({ tone: 'primary' })}
            onClick={() =>
              action.send({ type: 'action.request', request: { kind: 'publish', targetId: String(article.id) } })
            }
          >
            <Trans>立即发布</Trans>
          </button>
          <div className={ui.field}>
            <label className={ui.label} htmlFor={ids.at}>
              <Trans>定时发布时间（北京时间）</Trans>
            </label>
            <input
              id={ids.at}
              className={ui.input}
              type="datetime-local"
              value={scheduleAt}
              onChange={(e) => setScheduleAt(e.target.value)}
              {...fieldProps('at', `${ids.at}-error`)}
            />
            <FieldError id={`${ids.at}-error`} message={errorFor('at')} />
          </div>
          <button
            type="button"
            className={ui.button()}
            disabled={!scheduleAt}
            onClick={() =>
              action.send({
                type: 'action.request',
                request: { kind: 'schedule', targetId: String(article.id), at: shanghaiIso(scheduleAt) },
              })
            }
          >
            <Trans>定时发布</Trans>
          </button>
          {(article.state === 'published' || article.state === 'scheduled') && (
            <button
              type="button"
              className={ui.button({ tone: 'danger' })}
              onClick={() =>
                action.send({ type: 'action.request', request: { kind: 'unpublish', targetId: String(article.id) } })
              }
            >
              <Trans>撤下</Trans>
            </button>
          )}
          <button
            type="button"
            className={ui.button()}
            disabled={link.state === 'busy'}
            onClick={() => {
              setLink({ state: 'busy' });
              flush()
                .then(() => consoleApi.previewLink(article.id))
                .then(
                  (answer) => setLink({ state: 'ok', url: answer.url, expiresAt: answer.expiresAt }),
                  (error: Error) => setLink({ state: 'error', message: error.message || t`生成失败` }),
                );
            }}
          >
            <Trans>生成预览链接</Trans>
          </button>
        </div>
        <ActionPanel actor={action} />
        {link.state === 'error' && (
          <p role="alert" className={ui.notice({ tone: 'error' })}>
            {link.message}
          </p>
        )}
        {link.state === 'ok' && (
          <div className={styles.wideField}>
            <label className={ui.label} htmlFor={ids.link}>
              <Trans>预览链接（{formatTime(link.expiresAt, i18n.locale)} 前有效，任何拿到链接的人都能看到草稿）</Trans>
            </label>
            <div className={ui.row}>
              <input
                id={ids.link}
                className={ui.input}
                readOnly
                size={60}
                value={link.url}
                data-testid="preview-link"
                onFocus={(e) => e.target.select()}
              />
              <CopyButton text={link.url}>
                <Trans>复制链接</Trans>
              </CopyButton>
            </div>
          </div>
        )}
      </section>

      <section className={ui.card} aria-labelledby="article-common-title">
        <h2 id="article-common-title" className={ui.subheading}>
          <Trans>栏目与图片</Trans>
        </h2>
        <div className={ui.row}>
          <div className={ui.field}>
            <label className={ui.label} htmlFor={ids.section}>
              <Trans>栏目</Trans>
            </label>
            <ChoiceSelect
              id={ids.section}
              choices={COLLEGE_SECTIONS}
              nameOf={(choice) => i18n._(SECTION_NAMES[choice])}
              value={form.section}
              onChoose={(section) => edit((f) => ({ ...f, section }))}
              {...fieldProps('section', `${ids.section}-error`)}
            />
            <FieldError id={`${ids.section}-error`} message={errorFor('section')} />
          </div>
          <div className={ui.field}>
            <label className={ui.label} htmlFor={ids.slug}>
              Slug
            </label>
            <input
              id={ids.slug}
              className={ui.input}
              required
              maxLength={80}
              pattern={SLUG_PATTERN}
              value={form.slug}
              onChange={(e) => edit((f) => ({ ...f, slug: e.target.value }))}
              {...fieldProps('slug', `${ids.slug}-error`)}
            />
            <FieldError id={`${ids.slug}-error`} message={errorFor('slug')} />
          </div>
          <div className={ui.field}>
            <label className={ui.label} htmlFor={ids.tags}>
              <Trans>标签（逗号分隔，最多 {TAGS_MAX} 个）</Trans>
            </label>
            <input
              id={ids.tags}
              className={ui.input}
              value={form.tags}
              onChange={(e) => edit((f) => ({ ...f, tags: e.target.value }))}
              {...fieldProps('tags', `${ids.tags}-error`)}
            />
            <FieldError id={`${ids.tags}-error`} message={errorFor('tags')} />
          </div>
        </div>
        <div className={ui.row}>
          {form.cover ? (
            <img className={styles.cover} src={form.cover} alt={t`封面图片`} />
          ) : (
            <span className={ui.label}>
              <Trans>没有封面图片</Trans>
            </span>
          )}
          <PictureUpload
            label={t`上传封面图片`}
            error={errorFor('cover')}
            onUploaded={(media) => edit((f) => ({ ...f, cover: media.url }))}
          />
          {form.cover && (
            <button type="button" className={ui.button()} onClick={() => edit((f) => ({ ...f, cover: null }))}>
              <Trans>移除封面</Trans>
            </button>
          )}
        </div>
      </section>

      <div className={styles.languages}>
        {ARTICLE_LANG_LIST.map((lang) => (
          <LanguageFields
            key={lang}
            lang={lang}
            text={form[lang]}
            errorFor={errorFor}
            onChange={(text) => edit((f) => ({ ...f, [lang]: text }))}
          />
        ))}
      </div>
    </>
  );
}

const SAVE_FIELDS = /^(section|slug|tags|cover|(zh|en)\.(title|summary|body))$/;
const withoutSaveFields = (errors: FieldErrors) =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => !SAVE_FIELDS.test(field)));

/**
 * The autosave's status: saved at …, unsaved changes, saving…, or save failed (with retry). Only a failure and the
 * save after it are announced (a polite live region of their own); the visible line is not live.
 */
function SaveStatus({ view, onRetry }: { view: ReturnType<typeof selectArticleSaveView>; onRetry: () => void }) {
  const { t, i18n } = useLingui();
  const time = formatTime(view.savedAt, i18n.locale);
  let text: ReactNode;
  if (view.state === 'saving') text = t`保存中…`;
  else if (view.state === 'failed')
    text = view.failure?.message
      ? t`保存失败：${view.failure.message}（修改仍在本页）`
      : t`保存失败（修改仍在本页），稍后自动重试`;
  else if (view.state === 'waiting') text = t`有未保存的修改`;
  else text = t`已保存（${time}）`;
  // Said aloud: a failure, and the save that follows one; not every pause in the typing (waiting, saving, saved).
  const failedBefore = useRef(false);
  const previous = useRef(view.state);
  if (view.state === 'failed') failedBefore.current = true;
  else if (previous.current === 'saved' && view.state !== 'saved') failedBefore.current = false;
  previous.current = view.state;
  const announced = view.state === 'failed' || (view.state === 'saved' && failedBefore.current) ? text : '';
  return (
    <div className={ui.row}>
      <p
        className={view.state === 'failed' ? ui.notice({ tone: 'error' }) : styles.status}
        role="status"
        aria-live="off"
        data-testid="save-status"
        data-state={view.state}
      >
        {text}
      </p>
      <p className={visuallyHidden} aria-live="polite" data-testid="save-announcement">
        {announced}
      </p>
      {view.state === 'failed' && (
        <button type="button" className={ui.button()} onClick={onRetry}>
          <Trans>重新保存</Trans>
        </button>
      )}
    </div>
  );
}

/** One language: title, summary, the Markdown body with a picture inserted at the caret, and its live preview. */
function LanguageFields({
  lang,
  text,
  errorFor,
  onChange,
}: {
  lang: Lang;
  text: Text;
  errorFor: (field: string) => string;
  onChange: (text: Text) => void;
}) {
  const { t, i18n } = useLingui();
  const name = i18n._(LANG_NAMES[lang]);
  const ids = { title: useId(), summary: useId(), body: useId(), alt: useId(), lang: useId() };
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [alt, setAlt] = useState('');
  const latest = useRef(text);
  latest.current = text;
  const field = (key: keyof Text, id: string) => {
    const message = errorFor(`${lang}.${key}`);
    return message ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
  };
  const preview = usePreview(text.body);
  const langError = errorFor(lang);
  // The text's own language (read with its voice), not the labels' (the console's language).
  const langTag = lang === 'en' ? 'en' : 'zh-CN';

  const insertPicture = (url: string, fallbackAlt: string) => {
    const area = bodyRef.current;
    const body = latest.current.body;
    const at = area ? area.selectionStart : body.length;
    const end = area ? area.selectionEnd : body.length;
    const words = (alt.trim() || fallbackAlt).replace(/[[\]]/g, '');
    const before = body.slice(0, at);
    const after = body.slice(end);
    // The picture on a paragraph of its own.
    const image = `${before && !before.endsWith('\n') ? '\n\n' : ''}![${words}](${url})${after.startsWith('\n') ? '' : '\n\n'}`;
    onChange({ ...latest.current, body: `${before}${image}${after}` });
    setAlt('');
    requestAnimationFrame(() => {
      if (!area) return;
      area.focus();
      area.setSelectionRange(at + image.length, at + image.length);
    });
  };

  return (
    <fieldset className={styles.language} aria-describedby={ids.lang}>
      <legend className={styles.legend}>{name}</legend>
      <FieldError id={ids.lang} message={langError} />
      <div className={styles.wideField}>
        <label className={ui.label} htmlFor={ids.title}>
          <Trans>{name}标题</Trans>
        </label>
        <input
          id={ids.title}
          className={ui.input}
          maxLength={120}
          lang={langTag}
          value={text.title}
          onChange={(e) => onChange({ ...latest.current, title: e.target.value })}
          {...field('title', ids.title)}
        />
        <FieldError id={`${ids.title}-error`} message={errorFor(`${lang}.title`)} />
      </div>
      <div className={styles.wideField}>
        <label className={ui.label} htmlFor={ids.summary}>
          <Trans>{name}摘要</Trans>
        </label>
        <textarea
          id={ids.summary}
          className={ui.input}
          rows={2}
          maxLength={240}
          lang={langTag}
          value={text.summary}
          onChange={(e) => onChange({ ...latest.current, summary: e.target.value })}
          {...field('summary', ids.summary)}
        />
        <FieldError id={`${ids.summary}-error`} message={errorFor(`${lang}.summary`)} />
      </div>
      <div className={styles.wideField}>
        <label className={ui.label} htmlFor={ids.body}>
          <Trans>{name}正文（Markdown）</Trans>
        </label>
        <textarea
          ref={bodyRef}
          id={ids.body}
          className={`${ui.input} ${styles.body}`}
          rows={14}
          lang={langTag}
          value={text.body}
          onChange={(e) => onChange({ ...latest.current, body: e.target.value })}
          {...field('body', ids.body)}
        />
        <FieldError id={`${ids.body}-error`} message={errorFor(`${lang}.body`)} />
      </div>
      <div className={ui.row}>
        <div className={ui.field}>
          <label className={ui.label} htmlFor={ids.alt}>
            <Trans>{name}图片说明（alt）</Trans>
          </label>
          <input
            id={ids.alt}
            className={ui.input}
            maxLength={120}
            lang={langTag}
            value={alt}
            onChange={(e) => setAlt(e.target.value)}
          />
        </div>
        <PictureUpload
          label={t`在${name}正文光标处插入图片`}
          onUploaded={(media, file) => insertPicture(media.url, file.name.replace(/\.[^.]+$/, ''))}
        />
      </div>
      <section aria-label={t`${name}预览`} className={styles.preview} data-testid={`preview-${lang}`}>
        <div lang={langTag}>
          <h3 className={styles.previewTitle}>{text.title}</h3>
          {text.summary && <p>{text.summary}</p>}
          {!preview.error && (
            <div
              className={articleBody}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the public pages' renderer's output (HTML off, links and pictures filtered on the server)
              dangerouslySetInnerHTML={{ __html: preview.html }}
            />
          )}
        </div>
        {preview.error && <p className={ui.notice({ tone: 'error' })}>{t`预览失败：${preview.error}`}</p>}
      </section>
    </fieldset>
  );
}

/** How long the preview waits after the last key before asking the server to draw it. */
const PREVIEW_DEBOUNCE_MS = 400;

/** The body drawn by the server's renderer, a moment after the last key (a late answer never overwrites a newer one). */
function usePreview(body: string) {
  const [state, setState] = useState({ html: '', error: '' });
  const generation = useRef(0);
  useEffect(() => {
    const mine = ++generation.current;
    if (!body.trim()) {
      setState({ html: '', error: '' });
      return;
    }
    const timer = setTimeout(() => {
      consoleApi.renderPreview(body).then(
        (answer) => mine === generation.current && setState({ html: answer.html, error: '' }),
        (error: Error) => mine === generation.current && setState((s) => ({ ...s, error: error.message || '—' })),
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [body]);
  return state;
}

/** A picture chosen from disk and uploaded (POST /media); a type or size the server refuses is said beside it. */
function PictureUpload({
  label,
  error,
  onUploaded,
}: {
  label: string;
  error?: string;
  onUploaded: (media: Data<'uploadMedia'>, file: File) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [status, setStatus] = useState<{ state: 'idle' | 'busy' } | { state: 'error'; message: string }>({
    state: 'idle',
  });
  const message = status.state === 'error' ? status.message : (error ?? '');
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={MEDIA_TYPE_LIST.join(',')}
        disabled={status.state === 'busy'}
        aria-describedby={`${id}-status`}
        {...(message ? { 'aria-invalid': true as const } : {})}
        onChange={(event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          if (!file) return;
          if (file.size > MEDIA_LIMIT_BYTES) {
            setStatus({ state: 'error', message: t`图片不能超过 5 MB` });
            input.value = '';
            return;
          }
          setStatus({ state: 'busy' });
          consoleApi.uploadMedia(file, file.name).then(
            (media) => {
              setStatus({ state: 'idle' });
              input.value = '';
              onUploaded(media, file);
            },
            (failure: Error) => {
              setStatus({ state: 'error', message: failure.message || t`上传失败` });
              input.value = '';
            },
          );
        }}
      />
      <p id={`${id}-status`} className={styles.fieldError} role="status">
        {status.state === 'busy' ? t`上传中…` : message}
      </p>
    </div>
  );
}
