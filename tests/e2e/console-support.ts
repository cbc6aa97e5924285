/**
 * Console helpers for the browser tests. The console's tests run two at a time, so the
 * newest page of 操作日志 may be full of the other test's actions: an action is looked up
 * with the log's own search, as a staff member would, not expected on its first page.
 */
import { expect, type Page } from '@playwright/test';

/** Opens 操作日志, searches for `action`; its newest row names it (and `by`, when given). */
export async function expectAudited(page: Page, action: string, by?: string): Promise<void> {
  await page.getByRole('menuitem', { name: '操作日志' }).click();
  const search = page.getByLabel('按操作搜索');
  await search.fill(action);
  await search.press('Enter');
  const first = page.locator('.ant-table-row').first();
  await expect(first).toContainText(action);
  if (by) await expect(first).toContainText(by);
}

/**
 * Chooses an option of an antd Select by keyboard, as its own input takes it: focus, ↓ until
 * the active option holds `text` (the first option when omitted), Enter; answers the chosen
 * option's text. A click on an option of a list still opening was seen to select nothing in
 * CI runs beside another suite, also when retried, so no test clicks options.
 */
export async function chooseOption(
  page: Page,
  select: ReturnType<Page['locator']>,
  text?: string | RegExp,
): Promise<string> {
  await select.focus();
  const active = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active');
  await page.keyboard.press('ArrowDown');
  await expect(active).toBeVisible();
  const wanted = (s: string) =>
    text === undefined || (typeof text === 'string' ? s.includes(text) : text.test(s));
  for (let i = 0; i < 60 && !wanted(await active.innerText()); i++)
    await page.keyboard.press('ArrowDown');
  if (text !== undefined) await expect(active).toContainText(text);
  const chosen = await active.innerText();
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  return chosen.trim();
}
