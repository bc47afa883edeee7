/**
 * The footer's links as data (docs/product.md#pages "Footer", docs/product.md#data "Footer link item"), apart from the header's (./menu):
 * they load with the footer, which hydrates after the rest of the page (./deferred-footer).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DocumentType, LayerType } from '#machines/layer/layer.selectors';
import { helpCenterLink } from '#shared/brand-contents';
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
export function footerGroups({ contents, edition }: Pick<NavigationEnv, 'contents' | 'edition'>): FooterGroup[] {
  const help = helpCenterLink(contents, edition);
  return [
    {
      id: 'guide',
      title: msg`运营指南`,
      links: [
        // The spec's "website map": a readable page of every section and college article (/site-map).
        { id: 'site-map', title: msg`网站地图`, type: 'internalLink', path: '/site-map' },
        help.external
          ? { id: 'help-center', title: msg`帮助中心`, type: 'externalLink', href: help.href }
          : { id: 'help-center', title: msg`帮助中心`, type: 'internalLink', path: help.path },
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
