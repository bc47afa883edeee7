/**
 * The ten browsers the plug-in supports (docs/product.md#pages), in the order the layer lists them. Icons live in
 * `public/icons/browsers/<id>.svg`.
 */

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface SupportedBrowser {
  id: string;
  name: MessageDescriptor;
}

export const SUPPORTED_BROWSERS: readonly SupportedBrowser[] = [
  { id: 'chrome', name: msg`Chrome` },
  { id: 'edge', name: msg`Edge` },
  { id: '360se', name: msg`360安全浏览器` },
  { id: '360ee', name: msg`360极速浏览器` },
  { id: 'qq', name: msg`QQ浏览器` },
  { id: 'sogou', name: msg`搜狗浏览器` },
  { id: 'liebao', name: msg`猎豹浏览器` },
  { id: 'firefox', name: msg`Firefox` },
  { id: 'brave', name: msg`Brave` },
  { id: 'ziniao', name: msg`紫鸟浏览器` },
];

export const browserIcon = (id: string) => `/icons/browsers/${id}.svg`;
