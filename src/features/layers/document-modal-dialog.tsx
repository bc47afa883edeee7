/**
 * The user agreement / privacy policy modal (docs/product.md#pages "User agreement modal", #constants 800 px wide, padding
 * 40px 60px), loaded only when a document first opens. The text is the page language's Markdown from
 * `content/legal/`, fetched as its own chunk, with a close button at the bottom as well as the corner.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { type DocumentType, selectIsOpen, selectLayerType } from '#machines/layer/layer.selectors';
import type { Locale } from '#shared/locale';
import { useAppActors } from '~/app/actors-context';
import { Dialog } from '~/components/dialog/dialog';
import { useBrandContents } from '~/lib/brand-contents';
import { usePortalEnv } from '~/lib/portal-env';
import { useActorSelector } from '~/lib/use-actor-selector';
import { useLocale } from '~/lib/use-locale';
import { layout } from '~/styles/theme.css';
import { button } from './buttons.css';
import * as styles from './document-modal-dialog.css';
import { fillLegalTokens, loadLegalDocument } from './legal-documents';
import { LegalMarkdown } from './legal-markdown';

export default function DocumentModalDialog() {
  const { t } = useLingui();
  const { documentModal } = useAppActors();
  const open = useActorSelector(documentModal, selectIsOpen);
  const type = useLastDocument(useActorSelector(documentModal, selectLayerType));
  const locale = useLocale();
  const close = () => documentModal.send({ type: 'layer.close' });
  if (!type) return null;

  const { width, padding } = layout.modal.agreement;
  return (
    <Dialog
      open={open}
      onClose={close}
      title={
        // A context of its own: the footer's link text has the same Chinese but is worded differently in English.
        type === 'privacy'
          ? t({ message: '隐私政策', context: 'legal document title' })
          : t({ message: '用户服务协议', context: 'legal document title' })
      }
      width={width}
      padding={padding}
      className={styles.content}
      focusBody
      footer={
        <button type="button" className={button({ size: 'wide' })} onClick={close}>
          <Trans>关闭</Trans>
        </button>
      }
    >
      <LegalText type={type} locale={locale} />
    </Dialog>
  );
}

/** Keeps the last document while the modal closes (the machine clears the type as it hides). */
function useLastDocument(type: DocumentType | null): DocumentType | null {
  const [last, setLast] = useState(type);
  if (type && type !== last) setLast(type);
  return type ?? last;
}

type LoadState = { status: 'loading' } | { status: 'ready'; markdown: string } | { status: 'failed' };

function LegalText({ type, locale }: { type: DocumentType; locale: Locale }) {
  const { brand } = usePortalEnv();
  const { phone } = useBrandContents();
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loadLegalDocument(type, locale).then(
      (markdown) => current && setState({ status: 'ready', markdown }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [type, locale]);

  if (state.status === 'loading') {
    return (
      <p className={styles.status} role="status">
        <Trans>加载中…</Trans>
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <p className={styles.status} role="alert">
        <Trans>内容加载失败，请关闭后重试。</Trans>
      </p>
    );
  }
  // The document's own `#` heading is the dialog's title, so the text starts below it and its `##` become h3.
  return (
    <LegalMarkdown
      className={styles.text}
      markdown={fillLegalTokens(state.markdown, brand, locale, phone)}
      headingOffset={1}
      skipTitle
    />
  );
}
