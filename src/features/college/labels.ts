/** The names and descriptions of the college's sections, as Lingui messages (the `college` catalog). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CollegeSection } from '#shared/college-sections';

export const SECTION_LABELS: Record<CollegeSection, MessageDescriptor> = {
  'ecommerce-intro': msg`电商入门`,
  electricity: msg`问答中心`,
  operate: msg`运营实操`,
  'release-record': msg`更新记录`,
  test: msg`实测分享`,
};

export const SECTION_DESCRIPTIONS: Record<CollegeSection, MessageDescriptor> = {
  'ecommerce-intro': msg`短视频电商入门：找达人、筛选达人、写邀约与私信、做竞品调研的实用方法。`,
  electricity: msg`关于客户端、插件、试用、账号与群发的常见问题解答。`,
  operate: msg`店铺与达人运营实操：寄样、视频与 GMV 跟踪、团队分工与多店铺管理。`,
  'release-record': msg`客户端与浏览器插件各版本的更新说明，插件最新版本为 v1.0.5。`,
  test: msg`邀约话术、发送时段、跟进节奏等做法的实测数据与结论。`,
};

export const COLLEGE_NAME = msg`商学院`;
export const COLLEGE_DESCRIPTION = msg`跨境短视频电商卖家的达人营销知识库：找达人、写邀约、做运营、看更新。`;
