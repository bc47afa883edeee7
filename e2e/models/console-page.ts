/**
 * The operator's console as an operator uses it, over the three engines' page interface (e2e/engines/engine.ts):
 * fields found by their labels' words, buttons by their text, tables by their test ids. The console's words are
 * Chinese (its default language).
 */
import assert from 'node:assert/strict';
import type { EnginePage } from '../engines/engine';

// ---- in-page helpers (sent as text: they use nothing from outside) ----

function setField(arg: { label: string; value: string }): boolean {
  const label = Array.from(document.querySelectorAll('label')).find((l) => l.textContent?.trim() === arg.label);
  const field = label && (document.getElementById(label.htmlFor) as HTMLInputElement | HTMLSelectElement | null);
  if (!field || field.getClientRects().length === 0) return false;
  const proto =
    field instanceof HTMLSelectElement
      ? HTMLSelectElement.prototype
      : field instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, arg.value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  return true;
}

function bodyText(): string {
  // biome-ignore lint/performance/useDomNodeTextContent: what shows, without the page hidden behind the sign-in form.
  return document.body.innerText;
}

function tableRows(testId: string): string[][] {
  return Array.from(document.querySelectorAll(`[data-testid="${testId}"] tr`)).map((row) =>
    Array.from(row.querySelectorAll('th, td')).map((cell) => (cell.textContent ?? '').trim()),
  );
}

function chartDrawn(): boolean {
  const canvas = document.querySelector('[data-testid="signups-chart"] canvas') as HTMLCanvasElement | null;
  return !!canvas && canvas.width > 0 && canvas.height > 0;
}

// ---- steps ----

export async function until<T>(
  page: EnginePage,
  what: string,
  fn: () => Promise<T | undefined | false>,
  timeout = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${what}; the page shows: ${(await page.evaluate(bodyText)).slice(0, 600)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export const shows = async (page: EnginePage, text: string) => (await page.evaluate(bodyText)).includes(text);
export const sees = (page: EnginePage, text: string) => until(page, `"${text}"`, () => shows(page, text));

export async function fill(page: EnginePage, label: string, value: string) {
  await until(page, `the field "${label}"`, () => page.evaluate(setField, { label, value }));
}

/** A button of the confirmation panel of a console action (确认, 关闭 …). */
export const panelButton = (text: string) => ({ css: '[data-testid="action-panel"] button', text, exact: true });

export const consolePage = {
  /**
   * Opens the console at `path` (its sign-in form first) and signs in. The console's first question, GET
   * /console/api/session, answers 401 before the sign-in and the engines log that answer: the problems recorded
   * until signed in may be that and nothing else, and they are then cleared, so a journey's `problems()` after
   * the sign-in must be [] with no filter.
   */
  async signIn(
    page: EnginePage,
    consoleUrl: string,
    operator: { name: string; password: string; code: () => string },
    path = '/users',
  ) {
    await page.goto(`${consoleUrl}${path}`);
    await sees(page, '运营后台登录');
    await fill(page, '用户名', operator.name);
    await fill(page, '密码', operator.password);
    await fill(page, '动态验证码（6 位）', operator.code());
    await page.press({ css: 'button[type="submit"]', text: '登录', exact: true });
    await sees(page, '退出登录');
    const beforeSignIn = (await page.problems()).filter((line) => !/\b401\b|Unauthorized/.test(line));
    assert.deepEqual(
      beforeSignIn,
      [],
      `${page.engine}: problems before the sign-in other than the session check's 401`,
    );
    await page.clearProblems();
  },

  /** Searches by the last four digits and opens the account shown as `masked`. */
  async openByLastFour(page: EnginePage, lastFour: string, masked: string) {
    await fill(page, '手机号、后四位、昵称或邀请码', lastFour);
    await page.press({ css: 'button[type="submit"]', text: '搜索', exact: true });
    await page.press({ css: 'a', text: masked });
    await sees(page, '登录设备（');
  },

  async revokeOnlySession(page: EnginePage) {
    await sees(page, '登录设备（1）');
    await page.press({ css: 'button', text: '下线', exact: true });
    await page.press(panelButton('确认'));
    await sees(page, '已完成');
    await page.press(panelButton('关闭'));
    await sees(page, '没有在线的设备');
  },

  async ban(page: EnginePage, reason: string) {
    await page.press({ css: 'button', text: '封禁账号', exact: true });
    await fill(page, '原因（必填）', reason);
    await page.press(panelButton('确认'));
    await sees(page, `原因: ${reason}`);
  },

  async findInAudit(page: EnginePage, action: string, match: (row: string[]) => boolean) {
    await page.press({ css: 'nav a', text: '审计日志', exact: true });
    await sees(page, '操作员');
    await fill(page, '操作', action);
    await page.press({ css: 'button[type="submit"]', text: '筛选', exact: true });
    await until(page, `${action} in the audit log`, async () =>
      (await page.evaluate(tableRows, 'audit-table')).some(match),
    );
  },

  /** The sign-ups split by `split`: resolves once the table has `key` with a count and the chart is drawn. */
  async signupsOf(page: EnginePage, split: string, key: string) {
    await page.press({ css: 'nav a', text: '注册统计', exact: true });
    await fill(page, '拆分', split);
    await page.press({ css: 'button[type="submit"]', text: '查询', exact: true });
    const count = await until(page, `"${key}" in the sign-ups table`, async () => {
      const rows = await page.evaluate(tableRows, 'signups-table');
      const column = rows[0]?.indexOf(key) ?? -1;
      if (column <= 0) return false;
      const total = rows.slice(1).reduce((sum, row) => sum + Number(row[column] ?? 0), 0);
      return total > 0 ? total : false;
    });
    await until(page, 'the chart', () => page.evaluate(chartDrawn));
    return count;
  },
};
