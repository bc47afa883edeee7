/**
 * The little of the platform's XML the login needs: flat `<xml><Name>value</Name>...</xml>` documents, read by a
 * small strict parser (a size limit; no DOCTYPE, attributes or entities beyond the predefined and numeric ones, so
 * nothing can expand; nested elements skipped), and the documents we write.
 */
import { SIZE_LIMITS } from '../../limits/rules';

/** Event documents are a few hundred bytes; anything larger is refused before parsing. */
export const MAX_XML_BYTES = SIZE_LIMITS.webhookXml;

export class XmlError extends Error {}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);|&/gi, (whole, name: string | undefined) => {
    if (!name) throw new XmlError('A bare "&" in text');
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        throw new XmlError(`A bad character reference ${whole}`);
      return String.fromCodePoint(code);
    }
    const value = PREDEFINED[name];
    if (value === undefined) throw new XmlError(`An unknown entity ${whole}`);
    return value;
  });
}

const NAME = /^<([A-Za-z_][\w.-]*)>/;

/** A flat `<xml>` document's fields (the first of each name); XmlError on anything else. */
export function parseFlatXml(input: string): Record<string, string> {
  if (Buffer.byteLength(input) > MAX_XML_BYTES) throw new XmlError('The document is too large');
  let s = input.replace(/^\uFEFF/, '').trim();
  s = s.replace(/^<\?xml[^?]*\?>\s*/, '');
  if (/<!DOCTYPE|<!ENTITY|<\?/i.test(s))
    throw new XmlError('DOCTYPE, entities and processing instructions are refused');
  if (!s.startsWith('<xml>') || !s.endsWith('</xml>')) throw new XmlError('Not an <xml> document');
  const body = s.slice('<xml>'.length, -'</xml>'.length);
  const fields: Record<string, string> = {};
  let i = 0;
  while (true) {
    while (i < body.length && /\s/.test(body[i])) i++;
    if (i >= body.length) break;
    const open = NAME.exec(body.slice(i, i + 200));
    if (!open) throw new XmlError(`Expected an element at ${i}`);
    const name = open[1];
    i += open[0].length;
    const close = `</${name}>`;
    let value = '';
    let nested = false;
    while (true) {
      if (body.startsWith('<![CDATA[', i)) {
        const end = body.indexOf(']]>', i + 9);
        if (end < 0) throw new XmlError('An unclosed CDATA section');
        value += body.slice(i + 9, end);
        i = end + 3;
      } else if (body.startsWith(close, i)) {
        i += close.length;
        break;
      } else if (body[i] === '<') {
        // A nested element: skip to this element's end (flat documents only are read).
        const end = body.indexOf(close, i);
        if (end < 0) throw new XmlError(`An unclosed element <${name}>`);
        nested = true;
        i = end + close.length;
        break;
      } else {
        const next = body.indexOf('<', i);
        if (next < 0) throw new XmlError(`An unclosed element <${name}>`);
        value += decodeText(body.slice(i, next));
        i = next;
      }
    }
    if (!nested && !(name in fields)) fields[name] = value;
  }
  return fields;
}

function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** A flat document of these fields in this order: numbers (CreateTime) as whole numbers, text as CDATA. */
function flatXml(fields: Record<string, string | number | undefined>): string {
  const elements = Object.entries(fields).map(([name, value]) =>
    value === undefined ? '' : `<${name}>${typeof value === 'number' ? Math.floor(value) : cdata(value)}</${name}>`,
  );
  return `<xml>${elements.join('')}</xml>`;
}

/** The passive text reply to a webhook call, shown in the chat: `to` the user's open id, `from` the account. */
export function buildTextReply(input: { to: string; from: string; createTime: number; content: string }): string {
  const { to, from, createTime, content } = input;
  return flatXml({ ToUserName: to, FromUserName: from, CreateTime: createTime, MsgType: 'text', Content: content });
}

/** A scan event as the platform sends it (the simulator delivers these). */
export function buildEventXml(input: {
  to: string;
  from: string;
  createTime: number;
  event: 'subscribe' | 'SCAN';
  eventKey: string;
  ticket?: string;
}): string {
  return flatXml({
    ToUserName: input.to,
    FromUserName: input.from,
    CreateTime: input.createTime,
    MsgType: 'event',
    Event: input.event,
    EventKey: input.eventKey,
    Ticket: input.ticket || undefined,
  });
}
