/**
 * The landing page's messages (Chinese source → English) until the catalogs carry them (`npm run messages:extract`,
 * then locales/en/home.po): the tests load them into the English instance, so the English page is tested as it
 * will read. Once home.po has them, this file and its use in landing-page.test.tsx go.
 */
import type { Messages } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';

export const LANDING_MESSAGES_EN: Record<string, string> = {
  工作台: 'Workbench',
  '登录后的第一步：下载客户端或插件、管理账号、阅读入门文章。':
    'Your first steps after signing in: get the client or the plug-in, manage your account, read the getting-started articles.',
  '欢迎使用{brandName}': 'Welcome to {brandName}',
  '欢迎，{name}': 'Welcome, {name}',
  '免费试用还剩 <0>{days}</0> 天': '<0>{days}</0> days left in your free trial',
  '免费试用已结束，联系顾问即可开通正式版本。':
    'Your free trial has ended. Talk to a consultant to upgrade to the full version.',
  '在电脑上继续使用{brandName}': 'Continue with {brandName} on your computer',
  '链接已复制，在电脑浏览器中打开即可。': 'Link copied. Open it in a browser on your computer.',
  '无法自动复制，链接已选中，请长按复制。':
    'Could not copy automatically. The link is selected: press and hold to copy it.',
  请在电脑上继续: 'Continue on your computer',
  '客户端和工作台都在电脑上使用（客户端仅支持 Windows，Mac 请用浏览器插件）。把这个链接发给自己，在电脑上打开并登录即可开始。':
    'The client and the workbench are used on a computer (the client is Windows only; on a Mac, use the browser plug-in). Send yourself this link, open it on your computer and sign in to get started.',
  本页链接: 'Link to this page',
  复制链接: 'Copy link',
  发送给自己: 'Send to myself',
  用邮件发送给自己: 'Email it to myself',
  安装客户端或插件: 'Install the client or the plug-in',
  'Windows 电脑请下载客户端；Mac 或其他浏览器请安装浏览器插件，装好后用本账号登录。':
    'On Windows, download the client; on a Mac or another browser, install the browser plug-in. Then sign in with this account.',
  '下载 Windows 客户端': 'Download the Windows client',
  安装浏览器插件: 'Install the browser plug-in',
  接下来: 'Next steps',
  管理账号: 'Manage your account',
  '修改昵称、密码和手机号，查看已登录的设备，绑定或解绑微信。':
    'Change your nickname, password and phone number, see the devices you are signed in on, bind or unbind WeChat.',
  打开账号设置: 'Open account settings',
  阅读入门文章: 'Read the getting-started articles',
  免费试用包含什么: 'What the free trial includes',
  插件如何安装与更新: 'How to install and update the plug-in',
  在达人广场和达人库中找到合适的达人: 'Finding the right creators in the marketplace and the database',
  进入商学院入门栏目: 'Go to the business college’s getting-started section',
};

/** The same, keyed by the ids the Lingui macros give them. */
export const landingMessagesEn = (): Messages =>
  Object.fromEntries(Object.entries(LANDING_MESSAGES_EN).map(([zh, en]) => [generateMessageId(zh), en]));
