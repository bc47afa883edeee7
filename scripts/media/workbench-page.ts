/**
 * The workbench as an HTML page, drawn from code for the site's pictures of the product (scripts/make-workbench.ts
 * captures it): the sidebar, the top bar and one view per feature of the home page (creator list, invitation
 * plans, messages, email, …) filled with plausible sample data in the page's language and the brand's colours.
 * Every name, figure and message here is invented; none is a real person or shop.
 */

import { escapeHtml } from '../../server/http/html';
import { type BrandId, brands, type FeatureId } from '../../shared/brand';
import type { Locale } from '../../shared/locale';

/** What a picture shows: the hero's overview or one feature's view. */
export type WorkbenchView = 'hero' | FeatureId;

type L = Record<Locale, string>;
const l = (zh: string, en: string): L => ({ zh, en });

interface Creator {
  name: string;
  handle: string;
  category: L;
  followers: number;
  gmv: number;
  views: number;
  region: string;
  hue: number;
}

export const CREATORS: Creator[] = [
  {
    name: 'Lily Home Finds',
    handle: '@lilyhomefinds',
    category: l('家居生活', 'Home & living'),
    followers: 286_400,
    gmv: 48_210,
    views: 52_300,
    region: 'US',
    hue: 340,
  },
  {
    name: 'Mia Tran',
    handle: '@miatranbeauty',
    category: l('美妆个护', 'Beauty'),
    followers: 1_124_000,
    gmv: 132_940,
    views: 184_000,
    region: 'US',
    hue: 20,
  },
  {
    name: 'Kitchen with Ken',
    handle: '@kenskitchen',
    category: l('厨房用品', 'Kitchen'),
    followers: 412_700,
    gmv: 61_380,
    views: 73_900,
    region: 'UK',
    hue: 200,
  },
  {
    name: 'Sofia Ruiz',
    handle: '@sofiaruiz.style',
    category: l('女装', "Women's fashion"),
    followers: 654_200,
    gmv: 88_450,
    views: 96_100,
    region: 'MX',
    hue: 280,
  },
  {
    name: 'Nong Fah Review',
    handle: '@nongfah.review',
    category: l('数码配件', 'Electronics'),
    followers: 198_300,
    gmv: 23_740,
    views: 41_800,
    region: 'TH',
    hue: 160,
  },
  {
    name: 'Jake Outdoors',
    handle: '@jakeoutdoors',
    category: l('户外运动', 'Outdoors'),
    followers: 337_900,
    gmv: 40_160,
    views: 58_200,
    region: 'US',
    hue: 100,
  },
  {
    name: 'Aiko Daily',
    handle: '@aiko.daily',
    category: l('母婴用品', 'Baby & kids'),
    followers: 94_600,
    gmv: 15_920,
    views: 22_300,
    region: 'JP',
    hue: 50,
  },
  {
    name: 'Linh Nguyen',
    handle: '@linh.athome',
    category: l('家居生活', 'Home & living'),
    followers: 152_000,
    gmv: 19_880,
    views: 30_400,
    region: 'VN',
    hue: 240,
  },
];

function count(value: number, locale: Locale): string {
  if (locale === 'zh') return value >= 10_000 ? `${(value / 10_000).toFixed(1)}万` : value.toLocaleString('en-US');
  if (value >= 1_000_000) return `${(value / 1_000_000).toFixed(2)}M`;
  return value >= 1_000 ? `${(value / 1_000).toFixed(1)}K` : String(value);
}
const money = (value: number) => `$${value.toLocaleString('en-US')}`;
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('');

function avatar(creator: Creator, size = 32): string {
  return `<span class="av" style="width:${size}px;height:${size}px;font-size:${Math.round(size * 0.38)}px;background:linear-gradient(135deg,hsl(${creator.hue} 70% 62%),hsl(${(creator.hue + 40) % 360} 65% 48%))">${escapeHtml(initials(creator.name))}</span>`;
}

const NAV: { view: WorkbenchView[]; label: L; icon: string }[] = [
  {
    view: ['hero', 'database', 'competitor'],
    label: l('达人广场', 'Creators'),
    icon: 'M4 5h12M4 10h12M4 15h8',
  },
  { view: ['invite', 'plan'], label: l('邀约计划', 'Invitations'), icon: 'M3 6l7 5 7-5M3 6v9h14V6' },
  { view: ['ai-reply', 'buyer-message'], label: l('消息', 'Messages'), icon: 'M4 4h12v9H8l-4 3z' },
  { view: ['email'], label: l('邮件营销', 'Email'), icon: 'M3 5h14v10H3zM3 5l7 6 7-6' },
  { view: ['materials'], label: l('视频素材', 'Videos'), icon: 'M4 4h12v12H4zM8 7l5 3-5 3z' },
  { view: ['crm'], label: l('达人管理', 'Creator CRM'), icon: 'M5 4v12M10 4v8M15 4v10' },
  { view: ['multistore'], label: l('店铺与账号', 'Stores'), icon: 'M3 8l2-4h10l2 4v8H3zM3 8h14' },
];

const TITLES: Record<WorkbenchView, L> = {
  hero: l('达人广场', 'Creator marketplace'),
  database: l('达人广场', 'Creator marketplace'),
  competitor: l('竞品达人', 'Competitor creators'),
  invite: l('批量邀约', 'Bulk invitation'),
  plan: l('定向邀约计划', 'Targeted invitation plans'),
  'ai-reply': l('消息', 'Messages'),
  'buyer-message': l('买家消息', 'Buyer messages'),
  email: l('邮件营销', 'Email campaigns'),
  materials: l('短视频素材', 'Short-video library'),
  crm: l('达人管理', 'Creator CRM'),
  multistore: l('店铺与账号', 'Stores and accounts'),
};

function creatorTable(
  locale: Locale,
  rows: Creator[],
  options: { checked?: number[]; competitor?: boolean; compact?: boolean } = {},
) {
  const head = [
    l('达人', 'Creator'),
    l('类目', 'Category'),
    l('粉丝数', 'Followers'),
    options.competitor ? l('竞品销售额', 'Competitor GMV') : l('近30天销售额', 'GMV (30 days)'),
    l('平均播放', 'Avg. views'),
    l('站点', 'Region'),
    l('', ''),
  ];
  const shown = options.compact ? [0, 1, 2, 3] : [0, 1, 2, 3, 4, 5, 6];
  const body = rows
    .map((creator, index) => {
      const checked = options.checked?.includes(index);
      const cells = [
        `<td><span class="box ${checked ? 'on' : ''}"></span>${avatar(creator)}<span class="who"><b>${escapeHtml(creator.name)}</b><small>${escapeHtml(creator.handle)}</small></span></td>`,
        `<td><span class="tag">${escapeHtml(creator.category[locale])}</span></td>`,
        `<td>${count(creator.followers, locale)}</td>`,
        `<td class="num">${money(options.competitor ? Math.round(creator.gmv * 0.31) : creator.gmv)}</td>`,
        `<td>${count(creator.views, locale)}</td>`,
        `<td><span class="region">${creator.region}</span></td>`,
        `<td><span class="btn small">${locale === 'zh' ? '邀约' : 'Invite'}</span></td>`,
      ];
      return `<tr class="${checked ? 'sel' : ''}">${shown.map((i) => cells[i]).join('')}</tr>`;
    })
    .join('');
  return `<table class="table"><thead><tr>${shown.map((i) => `<th>${escapeHtml(head[i][locale])}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table>`;
}

function filters(locale: Locale, chips: L[]) {
  return `<div class="filters">${chips.map((chip, i) => `<span class="chip ${i === 0 ? 'on' : ''}">${escapeHtml(chip[locale])}</span>`).join('')}<span class="spacer"></span><span class="btn ghost">${locale === 'zh' ? '导出 Excel' : 'Export to Excel'}</span></div>`;
}

function stats(locale: Locale, items: [L, string, string?][]) {
  return `<div class="stats">${items
    .map(
      ([label, value, note]) =>
        `<div class="stat"><small>${escapeHtml(label[locale])}</small><b>${escapeHtml(value)}</b>${note ? `<em>${escapeHtml(note)}</em>` : ''}</div>`,
    )
    .join('')}</div>`;
}

function chat(locale: Locale, options: { ai?: boolean; buyer?: boolean }) {
  const people = options.buyer
    ? [
        { name: 'Emma W.', hue: 30, last: l('订单已签收，谢谢！', 'Got my order, thanks!'), time: '10:24' },
        { name: 'Carlos M.', hue: 200, last: l('请问什么时候发货？', 'When will it ship?'), time: '09:58' },
        { name: 'Hannah K.', hue: 320, last: l('已留五星好评', 'Left a 5-star review'), time: '昨天' },
        { name: 'Tom B.', hue: 120, last: l('可以换个颜色吗？', 'Can I swap the colour?'), time: '昨天' },
      ]
    : CREATORS.slice(0, 5).map((creator, i) => ({
        name: creator.name,
        hue: creator.hue,
        last: [
          l('报价多少？可以先寄样吗？', 'What is the rate? Can you send a sample?'),
          l('视频周五发布', 'The video goes live on Friday'),
          l('佣金能到 20% 吗？', 'Could you do 20% commission?'),
          l('收到样品了，很喜欢', 'Sample arrived, love it'),
          l('已加入你的计划', 'Joined your plan'),
        ][i],
        time: ['10:31', '10:02', '09:47', '昨天', '昨天'][i],
      }));
  const list = people
    .map(
      (p, i) =>
        `<div class="conv ${i === 0 ? 'on' : ''}"><span class="av" style="background:hsl(${p.hue} 65% 58%)">${escapeHtml(initials(p.name))}</span><span class="who"><b>${escapeHtml(p.name)}</b><small>${escapeHtml(p.last[locale])}</small></span><time>${locale === 'en' && p.time === '昨天' ? 'Yesterday' : p.time}</time></div>`,
    )
    .join('');
  const thread = options.buyer
    ? [
        ['them', l('Hi! My order #58213 arrived today, thank you!', 'Hi! My order #58213 arrived today, thank you!')],
        [
          'me',
          l(
            'Glad it arrived safely, Emma! If you like it, a review would help us a lot.',
            'Glad it arrived safely, Emma! If you like it, a review would help us a lot.',
          ),
        ],
        ['them', l('Sure, just left 5 stars!', 'Sure, just left 5 stars!')],
      ]
    : [
        [
          'me',
          l(
            'Hi Lily! We love your home videos. Would you like to try our foldable storage box? 15% commission + free sample.',
            'Hi Lily! We love your home videos. Would you like to try our foldable storage box? 15% commission + free sample.',
          ),
        ],
        [
          'them',
          l(
            'Hi! Sounds great. What is the rate for one video? Can you send a sample first?',
            'Hi! Sounds great. What is the rate for one video? Can you send a sample first?',
          ),
        ],
      ];
  const bubbles = thread
    .map(([who, text]) => `<div class="bubble ${who}">${escapeHtml((text as L)[locale])}</div>`)
    .join('');
  const translation =
    locale === 'zh' && !options.buyer
      ? `<div class="translate">${escapeHtml('译：你好！听起来不错。一条视频怎么收费？可以先寄样吗？')}</div>`
      : '';
  const composer = options.ai
    ? `<div class="ai"><div class="ai-head"><span class="spark">AI</span>${locale === 'zh' ? 'AI 回复草稿 · 英语' : 'AI draft · English'}<span class="spacer"></span><span class="chip on">${locale === 'zh' ? '报价' : 'Rate'}</span><span class="chip">${locale === 'zh' ? '寄样' : 'Sample'}</span></div><p>Of course! We'll ship a free sample today. For one video we offer $120 plus 15% commission on every sale. Does that work for you?</p><div class="ai-actions"><span class="btn">${locale === 'zh' ? '插入并发送' : 'Insert and send'}</span><span class="btn ghost">${locale === 'zh' ? '换一种说法' : 'Rephrase'}</span></div></div>`
    : `<div class="composer"><span>${locale === 'zh' ? '输入消息，或选择话术模板…' : 'Type a message or pick a template…'}</span><span class="btn">${locale === 'zh' ? '发送' : 'Send'}</span></div>`;
  return `<div class="chat"><div class="convs">${list}</div><div class="thread"><div class="thread-head">${avatar(options.buyer ? { ...CREATORS[0], name: 'Emma W.', hue: 30 } : CREATORS[0], 28)}<b>${options.buyer ? 'Emma W.' : 'Lily Home Finds'}</b><small>${options.buyer ? (locale === 'zh' ? '订单 #58213 · 已签收' : 'Order #58213 · delivered') : '@lilyhomefinds · US'}</small></div><div class="bubbles">${bubbles}${translation}</div>${composer}</div></div>`;
}

function viewBody(view: WorkbenchView, locale: Locale): string {
  const categoryChips = [
    l('全部类目', 'All categories'),
    l('家居生活', 'Home & living'),
    l('美妆个护', 'Beauty'),
    l('粉丝 10万+', '100K+ followers'),
    l('有联系方式', 'Has contact'),
  ];
  switch (view) {
    case 'hero':
    case 'database':
      return `${stats(locale, [
        [l('符合条件的达人', 'Matching creators'), '12,486'],
        [l('平均销售额', 'Average GMV'), '$38,900'],
        [l('有联系方式', 'With contact'), '73%'],
        [l('已选', 'Selected'), '3'],
      ])}${filters(locale, categoryChips)}${creatorTable(locale, CREATORS.slice(0, view === 'hero' ? 6 : 7), { checked: [0, 2, 5] })}`;
    case 'competitor':
      return `<div class="banner"><span class="thumb"></span><div><b>${locale === 'zh' ? '竞品：便携榨汁杯 350ml' : 'Competitor: portable blender, 350 ml'}</b><small>${locale === 'zh' ? '42 位达人在带货 · 近30天销量 8,930 件' : '42 creators sell it · 8,930 sold in 30 days'}</small></div><span class="spacer"></span><span class="btn">${locale === 'zh' ? '全部加入邀约计划' : 'Add all to a plan'}</span></div>${creatorTable(locale, [CREATORS[2], CREATORS[1], CREATORS[5], CREATORS[0], CREATORS[7], CREATORS[3]], { competitor: true })}`;
    case 'invite':
      return `${stats(locale, [
        [l('今日已邀约', 'Invited today'), '412'],
        [l('已读率', 'Read rate'), '66%'],
        [l('回复率', 'Reply rate'), '18.7%'],
      ])}<div class="split"><div class="pane">${creatorTable(locale, CREATORS.slice(0, 7), { checked: [0, 1, 2, 3, 4, 5, 6], compact: true })}</div><div class="card send"><h3>${locale === 'zh' ? '发送邀约 · 已选 128 位达人' : 'Send invitation · 128 creators'}</h3><div class="field"><small>${locale === 'zh' ? '话术模板' : 'Template'}</small><div class="input">Hi {creator_name}! We'd love you to try {product_name}: 15% commission + free sample</div></div><div class="field"><small>${locale === 'zh' ? '发送进度' : 'Progress'}</small><div class="bar"><i style="width:72%"></i></div><div class="row"><span>${locale === 'zh' ? '已发送 92 / 128' : '92 of 128 sent'}</span><span>${locale === 'zh' ? '已读 61 · 回复 23' : '61 read · 23 replied'}</span></div></div><span class="btn wide">${locale === 'zh' ? '暂停发送' : 'Pause sending'}</span></div></div>`;
    case 'plan': {
      const plans = [
        [l('储物收纳 · 美国站', 'Storage boxes · US'), '15%', l('进行中', 'Running'), '1,240', '312', 'ok'],
        [l('厨房小电 · 英国站', 'Kitchen gadgets · UK'), '12%', l('进行中', 'Running'), '860', '174', 'ok'],
        [l('春季女装 · 墨西哥站', 'Spring dresses · MX'), '18%', l('已过期', 'Expired'), '530', '41', 'bad'],
        [l('蓝牙耳机 · 泰国站', 'Earbuds · TH'), '10%', l('商品已下架', 'Product delisted'), '210', '9', 'bad'],
        [l('宝宝餐具 · 日本站', 'Baby tableware · JP'), '14%', l('进行中', 'Running'), '390', '88', 'ok'],
      ] as const;
      return `${stats(locale, [
        [l('进行中的计划', 'Running plans'), '9'],
        [l('已邀约达人', 'Creators invited'), '3,230'],
        [l('接受率', 'Acceptance'), '24.6%'],
        [l('无效计划', 'Invalid plans'), '2'],
      ])}<div class="filters"><span class="chip on">${locale === 'zh' ? '全部计划' : 'All plans'}</span><span class="chip">${locale === 'zh' ? '进行中' : 'Running'}</span><span class="spacer"></span><span class="btn">${locale === 'zh' ? '一键清理无效计划' : 'Clear invalid plans'}</span><span class="btn ghost">${locale === 'zh' ? '新建计划' : 'New plan'}</span></div><table class="table"><thead><tr><th>${locale === 'zh' ? '计划' : 'Plan'}</th><th>${locale === 'zh' ? '佣金' : 'Commission'}</th><th>${locale === 'zh' ? '状态' : 'Status'}</th><th>${locale === 'zh' ? '已邀约' : 'Invited'}</th><th>${locale === 'zh' ? '已接受' : 'Accepted'}</th></tr></thead><tbody>${plans
        .map(
          ([name, rate, status, invited, accepted, kind]) =>
            `<tr class="${kind === 'bad' ? 'dim' : ''}"><td><b>${escapeHtml(name[locale])}</b></td><td>${rate}</td><td><span class="status ${kind}">${escapeHtml(status[locale])}</span></td><td>${invited}</td><td class="num">${accepted}</td></tr>`,
        )
        .join('')}</tbody></table>`;
    }
    case 'ai-reply':
      return chat(locale, { ai: true });
    case 'buyer-message':
      return chat(locale, { buyer: true });
    case 'email':
      return `${stats(locale, [
        [l('已发送', 'Sent'), '2,480'],
        [l('打开率', 'Open rate'), '46.2%'],
        [l('回复率', 'Reply rate'), '12.8%'],
        [l('已跳过（已回复/退订）', 'Skipped (replied/unsubscribed)'), '137'],
      ])}<div class="split"><div class="card"><h3>${locale === 'zh' ? '邮件模板：合作邀约' : 'Template: collaboration invite'}</h3><div class="field"><small>${locale === 'zh' ? '主题' : 'Subject'}</small><div class="input">Collab idea for {creator_name}: free sample + 15%</div></div><div class="mail">Hi {creator_name},<br><br>We loved your recent video on {category}. We'd like to send you our foldable storage box for free and offer 15% on every sale through your link.<br><br>Interested? Just reply to this email.<br><br>Best, Anna · HomeNest Store</div></div><div class="card"><h3>${locale === 'zh' ? '近7天' : 'Last 7 days'}</h3><div class="chart">${[38, 52, 47, 61, 58, 72, 66].map((h) => `<i style="height:${h}%"></i>`).join('')}</div><div class="row"><span>${locale === 'zh' ? '打开' : 'Opens'}</span><span>${locale === 'zh' ? '回复 +18%' : 'Replies +18%'}</span></div></div></div>`;
    case 'materials': {
      const videos = [
        [l('收纳盒开箱', 'Storage box unboxing'), '2.4M', 20],
        [l('30 秒厨房神器', '30-second kitchen hack'), '1.8M', 200],
        [l('平价好物合集', 'Budget finds'), '960K', 300],
        [l('晨间护肤', 'Morning skincare'), '3.1M', 340],
        [l('露营装备清单', 'Camping checklist'), '720K', 110],
        [l('宝宝辅食工具', 'Baby food prep'), '540K', 50],
        [l('小户型改造', 'Small room makeover'), '1.2M', 250],
        [l('耳机音质对比', 'Earbuds sound test'), '880K', 170],
      ] as const;
      return `${filters(locale, [l('按播放量', 'Most viewed'), l('家居生活', 'Home & living'), l('近30天', 'Last 30 days'), l('带货视频', 'Shoppable')])}<div class="grid">${videos
        .map(
          ([title, views, hue]) =>
            `<div class="video"><div class="frame" style="background:linear-gradient(160deg,hsl(${hue} 60% 70%),hsl(${(hue + 50) % 360} 55% 45%))"><span class="play"></span><span class="views">▶ ${views}</span></div><b>${escapeHtml(title[locale])}</b></div>`,
        )
        .join('')}</div>`;
    }
    case 'crm': {
      const columns: [L, Creator[]][] = [
        [l('已联系', 'Contacted'), [CREATORS[6], CREATORS[7], CREATORS[4]]],
        [l('已寄样', 'Sample sent'), [CREATORS[2], CREATORS[5]]],
        [l('已发布视频', 'Video posted'), [CREATORS[3], CREATORS[0]]],
        [l('已出单', 'Selling'), [CREATORS[1]]],
      ];
      return `<div class="kanban">${columns
        .map(
          ([title, cards]) =>
            `<div class="col"><h4>${escapeHtml(title[locale])}<span>${cards.length}</span></h4>${cards
              .map(
                (creator) =>
                  `<div class="kcard">${avatar(creator, 28)}<span class="who"><b>${escapeHtml(creator.name)}</b><small>${escapeHtml(creator.category[locale])} · ${count(creator.followers, locale)}</small></span><span class="num">${money(Math.round(creator.gmv / 9))}</span></div>`,
              )
              .join('')}</div>`,
        )
        .join('')}</div>`;
    }
    case 'multistore': {
      const stores = [
        ['HomeNest US', 'US', 12, '$84,320', 'ok'],
        ['HomeNest UK', 'UK', 7, '£31,905', 'ok'],
        ['Casa Bonita MX', 'MX', 5, 'MX$412,800', 'ok'],
        ['Mango Living TH', 'TH', 4, '฿968,400', 'wait'],
      ] as const;
      return `${stats(locale, [
        [l('店铺', 'Stores'), '4'],
        [l('子账号', 'Team accounts'), '9'],
        [l('运行中的任务', 'Tasks running'), '28'],
      ])}<div class="stores">${stores
        .map(
          ([name, region, tasks, gmv, state]) =>
            `<div class="card store"><div class="row"><b>${name}</b><span class="region">${region}</span></div><small>${locale === 'zh' ? `${tasks} 个任务运行中` : `${tasks} tasks running`}</small><div class="bar"><i style="width:${40 + tasks * 4}%"></i></div><div class="row"><span>${locale === 'zh' ? '近30天销售额' : 'GMV (30 days)'}</span><b class="num">${gmv}</b></div><span class="status ${state === 'ok' ? 'ok' : 'wait'}">${state === 'ok' ? (locale === 'zh' ? '已授权' : 'Connected') : locale === 'zh' ? '待授权' : 'Authorising'}</span></div>`,
        )
        .join('')}</div>`;
    }
  }
}

/** The whole page of one view, sized by the capturing viewport (it fills it). */
export function workbenchHtml(brandId: BrandId, view: WorkbenchView, locale: Locale): string {
  const brand = brands[brandId];
  const accent = brand.accent;
  const soft = brandId === 'starreach' ? '#fff0f3' : '#eef3ff';
  const nav = NAV.map(
    (item) =>
      `<li class="${item.view.includes(view) ? 'on' : ''}"><svg viewBox="0 0 20 20"><path d="${item.icon}"/></svg>${escapeHtml(item.label[locale])}</li>`,
  ).join('');
  return `<!doctype html><html lang="${locale === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><style>
*{box-sizing:border-box}html,body{margin:0;height:100%}
body{font:13px/1.45 'Noto Sans CJK SC','PingFang SC','Helvetica Neue',Arial,sans-serif;color:#1f2330;background:#f4f6fb;-webkit-font-smoothing:antialiased}
.app{display:grid;grid-template-columns:188px 1fr;height:100%}
.side{background:#141830;color:#c9cde0;padding:18px 12px;display:flex;flex-direction:column;gap:4px}
.logo{display:flex;align-items:center;gap:10px;color:#fff;font-weight:800;font-size:16px;padding:0 8px 16px}
.logo i{width:28px;height:28px;border-radius:8px;background:${accent};display:grid;place-items:center;font-style:normal;font-size:14px}
.side ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:2px}
.side li{display:flex;align-items:center;gap:10px;padding:9px 10px;border-radius:8px;font-size:13px}
.side li.on{background:${accent};color:#fff;font-weight:600}
.side svg{width:16px;height:16px;fill:none;stroke:currentColor;stroke-width:1.7;stroke-linecap:round;stroke-linejoin:round}
.trial{margin-top:auto;background:rgba(255,255,255,.07);border-radius:10px;padding:10px;font-size:12px}
.trial b{display:block;color:#fff;margin-bottom:6px}.trial .bar{background:rgba(255,255,255,.15)}
main{display:flex;flex-direction:column;min-width:0}
.top{display:flex;align-items:center;gap:14px;height:56px;padding:0 22px;background:#fff;border-bottom:1px solid #e6e8ef}
.top h1{margin:0;font-size:17px;font-weight:700;white-space:nowrap}
.search{flex:1;max-width:340px;height:32px;border-radius:8px;background:#f1f3f8;color:#8a90a0;display:flex;align-items:center;padding:0 12px;font-size:12px}
.store{display:flex;align-items:center;gap:6px;padding:5px 10px;border:1px solid #e6e8ef;border-radius:8px;font-size:12px;white-space:nowrap}
.store i{width:8px;height:8px;border-radius:50%;background:#22a06b}
.account{width:30px;height:30px;border-radius:50%;background:${soft};color:${accent};display:grid;place-items:center;font-weight:700}
.spacer{flex:1}
.content{flex:1;padding:16px 22px;display:flex;flex-direction:column;gap:12px;overflow:hidden}
.stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(0,1fr));gap:12px}
.stat{background:#fff;border-radius:10px;padding:10px 14px;box-shadow:0 1px 2px rgba(20,24,40,.06)}
.stat small{display:block;color:#6b7183;font-size:12px}.stat b{font-size:20px;font-weight:800}
.filters{display:flex;align-items:center;gap:8px}
.chip{padding:4px 11px;border-radius:999px;background:#fff;border:1px solid #e2e5ee;font-size:12px;white-space:nowrap}
.chip.on{background:${soft};border-color:${accent};color:${accent};font-weight:600}
.btn{display:inline-flex;align-items:center;justify-content:center;padding:6px 14px;border-radius:8px;background:${accent};color:#fff;font-weight:600;font-size:12px;white-space:nowrap}
.btn.ghost{background:#fff;color:#1f2330;border:1px solid #dfe2ea}.btn.small{padding:3px 12px}.btn.wide{width:100%;margin-top:4px}
.table{width:100%;border-collapse:separate;border-spacing:0;background:#fff;border-radius:10px;overflow:hidden;box-shadow:0 1px 2px rgba(20,24,40,.06)}
.table th{text-align:left;font-weight:600;color:#6b7183;font-size:12px;padding:9px 12px;background:#fafbfd;border-bottom:1px solid #eceef4;white-space:nowrap}
.table td{padding:8px 12px;border-bottom:1px solid #f0f1f5;white-space:nowrap}
.table td:first-child{display:flex;align-items:center;gap:10px}
.table tr.sel td{background:${soft}}.table tr.dim td{color:#9aa0ae}
.box{width:14px;height:14px;border-radius:4px;border:1.5px solid #c3c8d4;flex:none}.box.on{background:${accent};border-color:${accent};box-shadow:inset 0 0 0 2px #fff}
.av{display:inline-grid;place-items:center;width:32px;height:32px;border-radius:50%;color:#fff;font-weight:700;flex:none;font-size:12px}
.who{display:flex;flex-direction:column;min-width:0}.who b{font-weight:600}.who small{color:#8a90a0;font-size:11px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.tag{padding:2px 8px;border-radius:6px;background:#f1f3f8;font-size:12px}
.num{font-weight:700;color:#0f8a5f}
.region{padding:1px 7px;border-radius:5px;border:1px solid #dfe2ea;font-size:11px;font-weight:600;color:#4a5063}
.status{padding:2px 9px;border-radius:999px;font-size:12px;font-weight:600}.status.ok{background:#e5f6ee;color:#0f8a5f}.status.bad{background:#fdecec;color:#c4321f}.status.wait{background:#fff4e0;color:#a86400}
.banner{display:flex;align-items:center;gap:12px;background:#fff;border-radius:10px;padding:12px 14px;box-shadow:0 1px 2px rgba(20,24,40,.06)}
.banner div{display:flex;flex-direction:column}.banner small{color:#6b7183}
.thumb{width:44px;height:44px;border-radius:8px;background:linear-gradient(135deg,#ffd6a5,#ff9f68)}
.split{display:grid;grid-template-columns:1fr 320px;gap:12px;min-height:0}
.pane{min-width:0;overflow:hidden}
.card{background:#fff;border-radius:10px;padding:14px;box-shadow:0 1px 2px rgba(20,24,40,.06);display:flex;flex-direction:column;gap:10px}
.card h3{margin:0;font-size:14px}
.field small{display:block;color:#6b7183;margin-bottom:4px}.input{border:1px solid #e2e5ee;border-radius:8px;padding:8px 10px;background:#fafbfd}
.bar{height:8px;border-radius:99px;background:#eef0f5;overflow:hidden}.bar i{display:block;height:100%;background:${accent};border-radius:99px}
.row{display:flex;justify-content:space-between;align-items:center;gap:8px;font-size:12px;color:#4a5063;margin-top:6px}
.chat{display:grid;grid-template-columns:280px 1fr;gap:0;background:#fff;border-radius:10px;overflow:hidden;box-shadow:0 1px 2px rgba(20,24,40,.06);flex:1;min-height:0}
.convs{border-right:1px solid #eceef4}.conv{display:flex;align-items:center;gap:10px;padding:11px 14px;border-bottom:1px solid #f3f4f8}
.conv.on{background:${soft}}.conv .who{flex:1}.conv time{font-size:11px;color:#9aa0ae}
.thread{display:flex;flex-direction:column;min-width:0}
.thread-head{display:flex;align-items:center;gap:10px;padding:11px 16px;border-bottom:1px solid #eceef4}.thread-head small{color:#8a90a0}
.bubbles{flex:1;padding:16px;display:flex;flex-direction:column;gap:10px;background:#fafbfd}
.bubble{max-width:72%;padding:9px 12px;border-radius:12px;background:#fff;border:1px solid #eceef4}
.bubble.me{align-self:flex-end;background:${accent};color:#fff;border-color:${accent}}
.translate{font-size:12px;color:#6b7183;padding-left:4px}
.composer{display:flex;align-items:center;gap:10px;padding:12px 16px;border-top:1px solid #eceef4;color:#9aa0ae}.composer span:first-child{flex:1}
.ai{margin:12px 16px;border:1.5px solid ${accent};border-radius:12px;padding:10px 12px;background:${soft}}
.ai-head{display:flex;align-items:center;gap:8px;font-weight:600;font-size:12px}.ai p{margin:8px 0}
.spark{background:${accent};color:#fff;border-radius:6px;padding:1px 6px;font-size:11px}
.ai-actions{display:flex;gap:8px}
.mail{border:1px solid #eceef4;border-radius:8px;padding:12px;background:#fafbfd;line-height:1.6}
.chart{display:flex;align-items:flex-end;gap:10px;height:150px;padding:8px 4px;border-bottom:1px solid #eceef4}.chart i{flex:1;background:linear-gradient(${accent},${soft});border-radius:6px 6px 0 0}
.grid{display:grid;grid-template-columns:repeat(4,1fr);gap:12px}
.video b{display:block;margin-top:6px;font-size:12px;font-weight:600}
.frame{position:relative;aspect-ratio:16/10;border-radius:10px}
.play{position:absolute;inset:0;margin:auto;width:34px;height:34px;border-radius:50%;background:rgba(255,255,255,.85)}
.play::after{content:'';position:absolute;left:13px;top:10px;border-left:11px solid ${accent};border-top:7px solid transparent;border-bottom:7px solid transparent}
.views{position:absolute;left:8px;bottom:6px;color:#fff;font-size:11px;font-weight:700;text-shadow:0 1px 2px rgba(0,0,0,.4)}
.kanban{display:grid;grid-template-columns:repeat(4,1fr);gap:12px;flex:1}
.col{background:#eceff6;border-radius:10px;padding:10px;display:flex;flex-direction:column;gap:8px}
.col h4{margin:0 0 2px;font-size:13px;display:flex;justify-content:space-between}.col h4 span{color:#6b7183;font-weight:500}
.kcard{display:flex;align-items:center;gap:8px;background:#fff;border-radius:8px;padding:9px;box-shadow:0 1px 2px rgba(20,24,40,.06)}.kcard .who{flex:1}
.stores{display:grid;grid-template-columns:repeat(2,1fr);gap:12px}
.card.store{gap:6px}.card.store small{color:#6b7183}.card.store .status{align-self:flex-start}
.cursor{position:fixed;width:18px;height:18px;left:-40px;top:-40px;z-index:9;pointer-events:none;transition:left .5s ease,top .5s ease}
.cursor::before{content:'';position:absolute;left:0;top:0;border-left:12px solid #1f2330;border-bottom:12px solid transparent;border-top:0;transform:skewY(20deg);filter:drop-shadow(0 0 1px #fff) drop-shadow(0 1px 2px rgba(0,0,0,.3))}
</style></head><body><div class="app">
<aside class="side"><div class="logo"><i>${escapeHtml(brand.name[locale].slice(0, 1))}</i>${escapeHtml(brand.name[locale])}</div><ul>${nav}</ul>
<div class="trial"><b>${locale === 'zh' ? '免费试用 · 剩余 2 天' : 'Free trial · 2 days left'}</b><div class="bar"><i style="width:66%"></i></div></div></aside>
<main><div class="top"><h1>${escapeHtml(TITLES[view][locale])}</h1><div class="search">${locale === 'zh' ? '搜索达人昵称、类目或商品链接' : 'Search creators, categories or product links'}</div><span class="spacer"></span><span class="store"><i></i>HomeNest US</span><span class="account">A</span></div>
<section class="content">${viewBody(view, locale)}</section></main></div><div class="cursor" id="cursor"></div></body></html>`;
}
