/** The simulator page's words (Chinese sources of the server catalog, translated once at load). */
import { type Lang, translate } from '../../api/catalog';

const ZH = {
  title: /*i18n*/ '微信（模拟器）',
  subtitle: /*i18n*/ '内置手机模拟器 · 仅供开发和演示',
  warning: /*i18n*/ '这是内置的微信模拟器：在这里创建的微信身份只属于这个浏览器。正式部署请配置真实的公众号平台。',
  noScene: /*i18n*/ '没有二维码信息。请用手机扫描电脑上登录页的二维码，或打开二维码下方的链接。',
  choose: /*i18n*/ '选择微信身份',
  newIdentity: /*i18n*/ '新的微信身份',
  nicknameHint: /*i18n*/ '新的微信身份使用此昵称',
  nickname: /*i18n*/ '昵称',
  notBound: /*i18n*/ '未绑定',
  banned: /*i18n*/ '已封禁',
  accountBanned: /*i18n*/ '账号已封禁',
  unnamed: /*i18n*/ '（无昵称）',
  scan: /*i18n*/ '扫一扫',
  scanning: /*i18n*/ '正在扫码…',
  ban: /*i18n*/ '模拟封禁',
  unban: /*i18n*/ '解除封禁',
  chat: /*i18n*/ '公众号消息',
  account: /*i18n*/ '公众号',
  me: /*i18n*/ '我',
  scanned: /*i18n*/ '扫描了登录二维码',
  noReply: /*i18n*/ '（公众号没有回复：重复的扫码事件已被忽略）',
  network: /*i18n*/ '网络错误，请检查手机与电脑在同一网络后重试。',
  failed: /*i18n*/ '扫码失败',
  noIdentity: /*i18n*/ '请选择一个微信身份',
  needNickname: /*i18n*/ '请填写昵称（1–32 个字）',
  badNickname: /*i18n*/ '昵称不能包含控制字符或不可见的格式字符',
  tooManyIdentities: /*i18n*/ '此网络创建的微信身份过多，请稍后再试',
  unknown: /*i18n*/ '该微信身份不存在',
  bad: /*i18n*/ '请求无效',
  authorizeTitle: /*i18n*/ '微信网页授权（模拟器）',
  authorizeIntro: /*i18n*/ '网页请求使用你的微信身份登录。选择一个身份，或用新的身份：',
  authorize: /*i18n*/ '允许',
};

const words = (lang: Lang) =>
  Object.fromEntries(Object.entries(ZH).map(([key, id]) => [key, translate(id, lang)])) as Record<
    keyof typeof ZH,
    string
  >;

export const T = { zh: words('zh'), en: words('en') };
