/** The console's words for the college's sections, an article's states and its two languages (the console catalog). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CollegeSection } from '#shared/college-sections';
import type { ArticleLang, ArticleState } from '#shared/contract/console-articles';

export const SECTION_NAMES: Record<CollegeSection, MessageDescriptor> = {
  'ecommerce-intro': msg`电商入门`,
  electricity: msg`问答中心`,
  operate: msg`运营实操`,
  'release-record': msg`更新记录`,
  test: msg`实测分享`,
};

export const STATE_NAMES: Record<ArticleState, MessageDescriptor> = {
  draft: msg`草稿`,
  scheduled: msg`已定时`,
  published: msg`已发布`,
  unpublished: msg`已撤下`,
};

export const LANG_NAMES: Record<ArticleLang, MessageDescriptor> = {
  zh: msg`中文`,
  en: msg`英文`,
};
