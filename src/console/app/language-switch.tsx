/** Switches between Chinese and English; the choice is remembered (cookie) and the API answers in it. */
import { useLingui } from '@lingui/react';
import { setApiLanguage } from '../lib/api';
import { activate, type ConsoleLocale, rememberLocale } from '../lib/i18n';
import * as ui from '../styles/ui.css';

export function LanguageSwitch({ className }: { className?: string }) {
  const { i18n } = useLingui();
  const next: ConsoleLocale = i18n.locale === 'en' ? 'zh' : 'en';
  return (
    <button
      type="button"
      className={className ?? ui.button({ tone: 'link' })}
      lang={next === 'en' ? 'en' : 'zh-CN'}
      onClick={() => {
        rememberLocale(next);
        setApiLanguage(next);
        void activate(next);
      }}
    >
      {next === 'en' ? 'English' : '中文'}
    </button>
  );
}
