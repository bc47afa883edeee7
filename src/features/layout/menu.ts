/**
 * The site's navigation as data (docs/product.md#pages "Header entries", "Footer"; docs/product.md#data "Menu entry", "Popover sub-menu",
 * "Footer link item"). The header and footer render these lists; what an entry does is decided by its `type`,
 * never by its id. Links that depend on the edition or the workbench address are built per environment.
 *
 * The spec's `dropMenu` type is used by no entry of this site, so it is not modelled.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LayerType } from '#machines/layer/layer.selectors';
import type { Edition } from '#shared/brand';
import { type BrandContents, helpCenterLink, QA_CENTER_PATH } from '#shared/brand-contents';
import pluginIcon from './icons/plugin.svg';
import pluginSelectedIcon from './icons/plugin-selected.svg';
import windowsIcon from './icons/windows.svg';
import windowsSelectedIcon from './icons/windows-selected.svg';

/** One item of a popover sub-menu: it opens a layer or follows a link. */
export interface PopoverItem {
  id: string;
  name: MessageDescriptor;
  /** Shown normally, and `selectedIcon` while the item is hovered or focused. */
  icon: string;
  selectedIcon: string;
  layerType?: LayerType;
  href?: string;
}

export interface PopoverMenu {
  title: MessageDescriptor;
  items: PopoverItem[];
}

interface EntryBase {
  /** Stable id, also the React key. */
  id: string;
  label: MessageDescriptor;
}

/** A page of this site; `path` is without the language prefix and decides when the entry is active. */
export interface InternalLinkEntry extends EntryBase {
  type: 'internalLink';
  path: string;
}

/** Another site (or the workbench, which is not part of this app): a plain link, so it loads a full page. */
export interface ExternalLinkEntry extends EntryBase {
  type: 'externalLink';
  href: string;
  /** External sites open in a new tab; the workbench opens in place. */
  newTab: boolean;
}

/** Opens the global layer. */
export interface LayerEntry extends EntryBase {
  type: 'layer';
  layerType: LayerType;
}

/** Opens its layer on a pointer click and shows a sub-menu on hover (or from the keyboard). */
export interface PopoverEntry extends EntryBase {
  type: 'popover';
  layerType: LayerType;
  popover: PopoverMenu;
}

export type MenuEntry = InternalLinkEntry | ExternalLinkEntry | LayerEntry | PopoverEntry;

export interface NavigationEnv {
  contents: Pick<BrandContents, 'helpCenter' | 'operationCenter'>;
  edition: Edition;
  workbenchUrl: string;
}

/** The help centre entry: the brand's help centre in a new tab, or, while it is unset, the site's Q&A section. */
export function helpCenterEntry(
  contents: Pick<BrandContents, 'helpCenter'>,
  edition: Edition,
): InternalLinkEntry | ExternalLinkEntry {
  const label = msg`帮助中心`;
  const link = helpCenterLink(contents, edition);
  return link.external
    ? { id: 'help-center', label, type: 'externalLink', href: link.href, newTab: true }
    : { id: 'help-center', label, type: 'internalLink', path: link.path };
}

const clientDownloadPopover: PopoverMenu = {
  title: msg`选择下载方式`,
  items: [
    {
      id: 'windows-client',
      name: msg`Windows 客户端`,
      icon: windowsIcon,
      selectedIcon: windowsSelectedIcon,
      layerType: 'clientDownload',
    },
    {
      id: 'browser-plugin',
      name: msg`浏览器插件`,
      icon: pluginIcon,
      selectedIcon: pluginSelectedIcon,
      layerType: 'pluginDownload',
    },
  ],
};

/** The header entries in their order; Operation Center only in the main edition and once the brand has one. */
export function headerMenu({ contents, edition, workbenchUrl }: NavigationEnv): MenuEntry[] {
  const entries: (MenuEntry | false)[] = [
    { id: 'home', label: msg`首页`, type: 'internalLink', path: '/' },
    {
      id: 'client-download',
      label: msg`客户端下载`,
      type: 'popover',
      layerType: 'clientDownload',
      popover: clientDownloadPopover,
    },
    { id: 'plugin-download', label: msg`插件下载`, type: 'layer', layerType: 'pluginDownload' },
    helpCenterEntry(contents, edition),
    { id: 'workbench', label: msg`工作台`, type: 'externalLink', href: workbenchUrl, newTab: false },
    edition === 'main' &&
      contents.operationCenter !== null && {
        id: 'operation-center',
        label: msg`运营中心`,
        type: 'externalLink',
        href: contents.operationCenter,
        newTab: true,
      },
    { id: 'qa-center', label: msg`问答中心`, type: 'internalLink', path: QA_CENTER_PATH },
    { id: 'articles', label: msg`文章资讯`, type: 'internalLink', path: '/business-college/ecommerce-intro' },
  ];
  return entries.filter((entry): entry is MenuEntry => entry !== false);
}

/** Whether an internal path is the page being shown (paths compared without the language prefix). */
export function isActivePath(entryPath: string, currentBarePath: string): boolean {
  const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  return normalise(entryPath) === normalise(currentBarePath);
}
