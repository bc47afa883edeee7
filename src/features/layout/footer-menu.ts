/**
 * The footer's links as data (docs/product.md#pages "Footer", docs/product.md#data "Footer link item"), apart from the header's (./menu):
 * they load with the footer, which hydrates after the rest of the page (./deferred-footer).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DocumentType, LayerType } from '#machines/layer/layer.selectors';
import type { NavigationEnv } from './menu';

/** A footer link (docs/product.md#data "Footer link item"), plus the legal documents that open the document modal. */
export type FooterLink =
  | { id: string; title: MessageDescriptor; type: 'internalLink'; path: string }
  | { id: string; title: MessageDescriptor; type: 'externalLink'; href: string }
  | { id: string; title: MessageDescriptor; type: 'layer'; layerType: LayerType }
  | { id: string; title: MessageDescriptor; type: 'document'; documentType: DocumentType };

export interface FooterGroup {
  id: string;
  title: MessageDescriptor;
  links: FooterLink[];
}

/** The link groups of the footer; the contact group is rendered apart because it shows brand data. */
export function footerGroups({ brand, edition }: Pick<NavigationEnv, 'brand' | 'edition'>): FooterGroup[] {
  return [
    {
      id: 'guide',
      title: msg`运营指南`,
      links: [
        // The spec's "website map": a readable page of every section and college article (/site-map).
        { id: 'site-map', title: msg`网站地图`, type: 'internalLink', path: '/site-map' },
        { id: 'help-center', title: msg`帮助中心`, type: 'externalLink', href: brand.helpCenter[edition] },
      ],
    },
    {
      id: 'legal',
      title: msg`法律法规`,
      links: [
        { id: 'agreement', title: msg`用户协议`, type: 'document', documentType: 'agreement' },
        { id: 'privacy', title: msg`隐私政策`, type: 'document', documentType: 'privacy' },
      ],
    },
    {
      id: 'download',
      title: msg`下载`,
      links: [
        { id: 'client-download', title: msg`客户端下载`, type: 'layer', layerType: 'clientDownload' },
        { id: 'plugin-download', title: msg`插件下载`, type: 'layer', layerType: 'pluginDownload' },
      ],
    },
  ];
}

/** Names of the friendly links of `~/lib/links` (FRIENDLY_LINKS), by id. */
export const FRIENDLY_LINK_NAMES: Record<string, MessageDescriptor> = {
  data1: msg`FastMoss 数据`,
  data2: msg`Kalodata 数据`,
  browser: msg`紫鸟浏览器注册`,
  account: msg`TikTok 账号开户`,
  cloud: msg`云电脑`,
};
