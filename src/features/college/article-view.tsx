/**
 * One article: title, meta, the text, the like button, a free-trial prompt (to /register, keeping the query
 * string for attribution), the authorization notice and the previous/next toggle. The text is the HTML markdown-it made on the server with raw HTML turned off
 * (server/college/markdown.ts); it is the only HTML this page inserts.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ArticleLink, ArticlePage } from '#shared/contract/college';
import { localizePath } from '#shared/locale';
import type { ApiFetch } from '~/app/router-context';
import { TrialLink } from '~/components/trial-link/trial-link';
import { usePortalEnv } from '~/lib/portal-env';
import { useLocale } from '~/lib/use-locale';
import { ArticleMeta } from './article-list';
import * as styles from './college.css';
import { CoverImage } from './cover';
import { LikeButton } from './like-button';
import { articlePath, type CollegeFamily } from './paths';
import { RelatedArticles } from './related-list';

export function ArticleView({
  family,
  page,
  api,
  preview,
}: {
  family: CollegeFamily;
  page: ArticlePage;
  api: ApiFetch;
  /** A draft shown through a preview link: no likes, no neighbours, a notice that readers do not see it. */
  preview?: boolean;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const { brand } = usePortalEnv();
  const brandName = brand.name[locale];
  const { article, previous, next } = page;
  const link = (target: ArticleLink, rel: 'prev' | 'next') => (
    <Link
      className={styles.cardLink}
      rel={rel}
      to={localizePath(articlePath(family, article.section, target.id), locale)}
    >
      {target.title}
    </Link>
  );
  return (
    <article className={styles.article} aria-labelledby="college-article-title">
      <h1 id="college-article-title" className={styles.articleTitle}>
        {article.title}
      </h1>
      {preview ? (
        <p className={styles.previewBanner} role="note">
          {t`这是预览：读者看不到这个版本，链接 24 小时内有效。`}
        </p>
      ) : null}
      <ArticleMeta article={article} showSection />
      <CoverImage cover={article.cover} title={article.title} className={styles.cover} />
      <div
        className={styles.markdown}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it output with raw HTML off, made on the server
        dangerouslySetInnerHTML={{ __html: article.html }}
      />
      {preview ? null : <LikeButton api={api} articleId={article.id} />}
      <aside className={styles.trialPrompt} aria-labelledby="college-trial-title">
        <div>
          <h2 id="college-trial-title" className={styles.trialTitle}>
            {t`免费试用${brandName}`}
          </h2>
          <p
            className={styles.trialText}
          >{t`把文章里的方法用起来：注册即享 3 天免费试用，批量邀约、私信与达人邮件群发。`}</p>
        </div>
        <TrialLink className={styles.trialButton}>{t`立即免费试用`}</TrialLink>
      </aside>
      <p className={styles.notice}>{t`本文由${brandName}商学院原创，未经授权禁止转载。`}</p>
      <RelatedArticles family={family} items={page.related} />
      {preview ? null : (
        <nav className={styles.neighbours} aria-label={t`上一篇和下一篇`}>
          <div className={styles.neighbour}>
            <span className={styles.neighbourLabel}>{t`上一篇`}</span>
            {previous ? link(previous, 'prev') : <span className={styles.neighbourNone}>{t`没有了`}</span>}
          </div>
          <div className={styles.neighbourNext}>
            <span className={styles.neighbourLabel}>{t`下一篇`}</span>
            {next ? link(next, 'next') : <span className={styles.neighbourNone}>{t`没有了`}</span>}
          </div>
        </nav>
      )}
    </article>
  );
}
