/**
 * Accessible names the specs look for, in Chinese (source text) and English (translation), so a wording
 * change is fixed in one place. Names follow docs/product.md#pages; English ones accept the usual spellings.
 */
export const NAMES = {
  home: /^\s*(首页|home)\s*$/i,
  clientDownload: /客户端下载|client download|desktop client/i,
  pluginDownload: /插件下载|plug-?in download|^\s*browser plug-?in\s*$/i,
  helpCenter: /帮助中心|help cent(er|re)/i,
  workbench: /工作台|workbench/i,
  operationCenter: /运营中心|operations? cent(er|re)/i,
  qaCenter: /问答中心|q\s*&\s*a/i,
  articles: /文章资讯|articles?( information)?/i,
  agreement: /用户(服务)?协议|user (service )?agreement/i,
  privacy: /隐私政策|privacy policy/i,
  contactConsultant: /联系顾问|咨询顾问|contact (a |an |our )?(consultant|advisor|adviser)/i,
  close: /关闭|close/i,
  language: /语言|切换|language|中文|english/i,
  english: /^\s*(english|英文|英语)\s*$/i,
  chinese: /^\s*(中文|简体中文|chinese)\s*$/i,
  homeLink: /返回首页|首页|home/i,
  playVideo: /播放视频|play( the)? video/i,
  pauseVideo: /暂停视频|pause( the)? video/i,
  downloadNow: /立即下载|download now|download/i,
} as const;

/** Titles of the dialogs (docs/product.md#pages "Global modal layers"). */
export const DIALOG_TITLES = {
  clientDownload: /客户端|client/i,
  pluginDownload: /插件|plug-?in|extension/i,
  customerService: /客服|顾问|咨询|customer service|consultant|advis[eo]r|contact/i,
  agreement: /用户(服务)?协议|user (service )?agreement|terms/i,
  privacy: /隐私|privacy/i,
} as const;

export type DialogKind = keyof typeof DIALOG_TITLES;

/** Sizes of docs/product.md#constants in CSS pixels; `height` undefined where the spec gives only a width. */
export const DIALOG_SIZES: Record<DialogKind, { width: number; height?: number }> = {
  clientDownload: { width: 500, height: 460 },
  pluginDownload: { width: 1000, height: 820 },
  customerService: { width: 580, height: 670 },
  agreement: { width: 800 },
  privacy: { width: 800 },
};
