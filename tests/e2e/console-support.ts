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
