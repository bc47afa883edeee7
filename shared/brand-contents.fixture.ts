/** A brand's contents with every entry set, for tests that check what shows once an owner fills them in. */
import type { BrandContents } from './brand-contents';

export const FILLED_CONTENTS: BrandContents = {
  helpCenter: { main: 'https://help.test/docs', regional: 'https://help-intl.test/docs' },
  operationCenter: 'https://ops.test/',
  friendlyLinks: {
    marketData1: { name: { zh: '数据站甲', en: 'Data site A' }, href: 'https://data-a.test/' },
    marketData2: { name: { zh: '数据站乙', en: 'Data site B' }, href: 'https://data-b.test/' },
    antidetectBrowser: { name: { zh: '指纹浏览器', en: 'Antidetect browser' }, href: 'https://browser.test/' },
    accountOpening: { name: { zh: '账号开户', en: 'Account opening' }, href: 'https://accounts.test/' },
    cloudComputer: { name: { zh: '云电脑', en: 'Cloud PC' }, href: 'https://cloud.test/' },
  },
  serviceQr: '/brand/test/service-qr.png',
  communityQr: '/brand/test/community-qr.png',
  phone: '020-0000 0000',
  email: 'service@brand.test',
  partners: [
    { name: 'Partner One', logo: '/brand/test/partner-1.svg' },
    { name: 'Partner Two', logo: '/brand/test/partner-2.svg' },
  ],
  testimonials: [
    {
      author: { zh: '陈曼', en: 'Chen Man' },
      avatar: '/brand/test/seller-1.png',
      store: 'GlowLab',
      category: { zh: '美妆个护', en: 'Beauty' },
      market: { zh: '美国站', en: 'US' },
      quote: { zh: '一晚上就能触达两千多位达人。', en: 'We reach two thousand creators in one evening.' },
      result: { zh: '月合作达人从 30 位增至 210 位', en: 'Monthly creator partners up from 30 to 210' },
    },
    {
      author: { zh: '林浩', en: 'Lin Hao' },
      avatar: null,
      store: 'Casa Nest',
      category: { zh: '家居日用', en: 'Home' },
      market: { zh: '英国站', en: 'UK' },
      quote: { zh: '第一周就有 12 位达人同意寄样。', en: 'Twelve creators took samples in the first week.' },
      result: { zh: '首周 12 位达人同意寄样', en: '12 creators took samples in week one' },
    },
  ],
};
