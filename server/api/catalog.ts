/**
 * The server's words (the API's messages, validation sentences, the 500 page) come from the Lingui catalogs, as
 * the app's do: `npm run messages:extract` collects every string or descriptor under server/ with an `i18n`
 * comment before it into `locales/{zh,en}/server.po` (lingui.config.ts), so a message the app also shows has one
 * translation (a test checks that areas agree). The catalogs are read and compiled once, when this module loads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { LOCALES_DIR } from '../ops/paths';

export type Lang = 'zh' | 'en';

/** A message of the catalog: its Chinese source (the id), with the values of its placeholders when it has some. */
export type Text = string | Message;
export interface Message {
  id: string;
  /** A string or number is shown as it is, a list joined in the language's way, a message translated first. */
  values: Record<string, string | number | readonly string[] | Message>;
}

/** The msgid/msgstr pairs of a .po file as Lingui writes it (one quoted line each). */
export function readPo(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  let id: string | null = null;
  for (const line of text.split('\n')) {
    const quoted = /^(msgid|msgstr) (".*")$/.exec(line);
    if (quoted?.[1] === 'msgid') id = JSON.parse(quoted[2]);
    else if (quoted && id) {
      entries.set(id, JSON.parse(quoted[2]) || id);
      id = null;
    }
  }
  return entries;
}

function load(lang: Lang): I18n {
  const messages: Messages = {};
  for (const [id, translation] of readPo(readFileSync(join(LOCALES_DIR, lang, 'server.po'), 'utf8'))) {
    messages[id] = compileMessageOrThrow(translation);
  }
  return setupI18n({ locale: lang, messages: { [lang]: messages } });
}

const catalogs: Record<Lang, I18n> = { zh: load('zh'), en: load('en') };

const lists: Record<Lang, Intl.ListFormat> = { zh: new Intl.ListFormat('zh'), en: new Intl.ListFormat('en') };

/** The message in this language (its Chinese source when the catalog lacks it, which a test prevents). */
export function translate(text: Text, lang: Lang): string {
  if (typeof text === 'string') return catalogs[lang]._(text);
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.values)) {
    values[name] =
      typeof value === 'string' || typeof value === 'number'
        ? value
        : 'id' in value
          ? translate(value, lang)
          : lists[lang].format(value);
  }
  return catalogs[lang]._(text.id, values);
}
