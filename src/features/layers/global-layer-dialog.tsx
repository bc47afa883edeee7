/**
 * The global layer (docs/product.md#pages "Global modal layers", #states "Global layer"), loaded only when a layer first opens.
 * It maps the layer machine's snapshot to the one dialog: `shown` opens it, the layer type picks the content
 * and the size (docs/product.md#constants, overridable by the open event's `layerStyle`), `isLayerCloseShow` shows the close
 * button. Every way of closing sends `layer.close`; the machine clears the type (and the app remembers a closed
 * customer-service layer).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { type ReactNode, useState } from 'react';
import {
  type LayerStyle,
  type LayerType,
  selectIsCloseShown,
  selectIsOpen,
  selectLayerStyle,
  selectLayerType,
} from '#machines/layer/layer.selectors';
import { useAppActors } from '~/app/actors-context';
import { Dialog } from '~/components/dialog/dialog';
import { usePortalEnv } from '~/lib/portal-env';
import { useActorSelector } from '~/lib/use-actor-selector';
import { useLocale } from '~/lib/use-locale';
import { layout } from '~/styles/theme.css';
import { ClientDownload } from './client-download';
import { CustomerService } from './customer-service';
import { PluginDownload, PluginVersionBadge } from './plugin-download';

interface LayerView {
  title: string;
  description?: string;
  hideTitle?: boolean;
  centerHeader?: boolean;
  titleAside?: ReactNode;
  width: number;
  height: number;
  radius?: number;
  padding: number | string;
  body: ReactNode;
}

export default function GlobalLayerDialog() {
  const { layer } = useAppActors();
  const open = useActorSelector(layer, selectIsOpen);
  const layerType = useActorSelector(layer, selectLayerType);
  const layerStyle = useActorSelector(layer, selectLayerStyle);
  const showClose = useActorSelector(layer, selectIsCloseShown);
  const view = useLayerView(useLastLayerType(layerType), () =>
    layer.send({ type: 'layer.open', layerType: 'pluginDownload' }),
  );
  if (!view) return null;

  const size = withStyle(view, layerStyle);
  return (
    <Dialog
      open={open}
      onClose={() => layer.send({ type: 'layer.close' })}
      title={view.title}
      description={view.description}
      hideTitle={view.hideTitle}
      centerHeader={view.centerHeader}
      titleAside={view.titleAside}
      width={size.width}
      height={size.height}
      radius={size.radius}
      padding={view.padding}
      showClose={showClose}
    >
      {view.body}
    </Dialog>
  );
}

/**
 * The machine clears the type in the same step that hides the layer; keeping the last type lets the dialog
 * close with its content instead of flashing empty.
 */
function useLastLayerType(layerType: LayerType | null): LayerType | null {
  const [last, setLast] = useState(layerType);
  if (layerType && layerType !== last) setLast(layerType);
  return layerType ?? last;
}

function withStyle(view: LayerView, style: LayerStyle | null) {
  return {
    width: style?.width ?? view.width,
    height: style?.height ?? view.height,
    radius: style?.borderRadius ?? view.radius,
  };
}

interface LayerViewContext {
  brandName: string;
  showPlugin: () => void;
}

/** A view before translation: its title and description are message descriptors. */
type LayerViewSource = Omit<LayerView, 'title' | 'description'> & {
  title: MessageDescriptor;
  description?: MessageDescriptor;
};

/**
 * Every layer type's title, size (docs/product.md#constants) and content. A `Record` over the machine's layer types, so a new
 * type does not compile until it has a view here.
 */
const LAYER_VIEWS: Record<LayerType, (context: LayerViewContext) => LayerViewSource> = {
  clientDownload: ({ brandName, showPlugin }) => ({
    title: msg`下载${brandName}客户端`,
    description: msg`批量邀约、私信、邮件与达人管理，一个客户端全部搞定。`,
    centerHeader: true,
    ...layout.modal.clientDownload,
    padding: '24px 40px',
    body: <ClientDownload onShowPlugin={showPlugin} />,
  }),
  pluginDownload: ({ brandName }) => ({
    title: msg`下载${brandName}浏览器插件`,
    description: msg`无需安装客户端，在常用浏览器中即可批量邀约达人、发送私信。`,
    titleAside: <PluginVersionBadge />,
    ...layout.modal.pluginDownload,
    padding: '32px 40px',
    body: <PluginDownload />,
  }),
  customerService: () => ({
    title: msg`添加专属顾问`,
    description: msg`一对一解答使用问题`,
    hideTitle: true,
    ...layout.modal.customerService,
    padding: 0,
    body: <CustomerService />,
  }),
};

function useLayerView(layerType: LayerType | null, showPlugin: () => void): LayerView | null {
  const { i18n } = useLingui();
  const { brand } = usePortalEnv();
  const brandName = brand.name[useLocale()];
  if (!layerType) return null;
  const view = LAYER_VIEWS[layerType]({ brandName, showPlugin });
  return { ...view, title: i18n._(view.title), description: view.description && i18n._(view.description) };
}
