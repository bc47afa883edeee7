/**
 * The business college pages (docs/product.md#pages): search box, section menu, breadcrumb, article, like button and count,
 * previous/next links and the recommended list, located by role and accessible name.
 */
import type { Locator } from 'playwright-core';
import { eventually } from '../support/wait';
import { SitePage } from './site-page';

export const COLLEGE_NAMES = {
  search: /搜索商学院文章|search the business college/i,
  searchWords: /搜索关键词|search words/i,
  searchButton: /^\s*(搜索|search)\s*$/i,
  sections: /商学院栏目|business college sections/i,
  breadcrumb: /面包屑导航|breadcrumb/i,
  neighbours: /上一篇和下一篇|previous and next article/i,
  like: /^\s*(点赞|已点赞|like|liked)\s*$/i,
  likeCount: /点赞数|likes/i,
  recommended: /推荐阅读|recommended/i,
  previous: /上一篇|previous article/i,
  next: /下一篇|next article/i,
} as const;

export class CollegePage extends SitePage {
  get searchBox(): Locator {
    return this.page.getByRole('search', { name: COLLEGE_NAMES.search });
  }

  get searchInput(): Locator {
    return this.searchBox.getByRole('searchbox', { name: COLLEGE_NAMES.searchWords });
  }

  async search(words: string): Promise<void> {
    await this.searchInput.fill(words);
    await this.searchBox.getByRole('button', { name: COLLEGE_NAMES.searchButton }).click();
  }

  get heading(): Locator {
    return this.main.getByRole('heading', { level: 1 });
  }

  get breadcrumb(): Locator {
    return this.page.getByRole('navigation', { name: COLLEGE_NAMES.breadcrumb });
  }

  get sectionMenu(): Locator {
    return this.page.getByRole('navigation', { name: COLLEGE_NAMES.sections });
  }

  get neighbours(): Locator {
    return this.page.getByRole('navigation', { name: COLLEGE_NAMES.neighbours });
  }

  get likeButton(): Locator {
    return this.main.getByRole('button', { name: COLLEGE_NAMES.like });
  }

  get likeCount(): Locator {
    return this.main.getByRole('status', { name: COLLEGE_NAMES.likeCount });
  }

  /**
   * The like count once it has loaded (it is fetched after the page hydrates). No likes yet reads as an
   * invitation ("be the first to like this"), which counts as 0.
   */
  async likes(): Promise<number> {
    return eventually(async () => {
      const text = (await this.likeCount.textContent()) ?? '';
      if (/成为第一个点赞|be the first/i.test(text)) return 0;
      const match = /\d+/.exec(text);
      if (!match) throw new Error(`The like count has not loaded: "${text}"`);
      return Number(match[0]);
    });
  }

  get recommended(): Locator {
    return this.page.getByRole('complementary', { name: COLLEGE_NAMES.recommended });
  }

  /** The result entries (or article entries of a list): the main column's list items with a heading. */
  get entries(): Locator {
    return this.main.locator('ol > li').filter({ has: this.page.getByRole('heading', { level: 2 }) });
  }
}
