/**
 * The operations console (issue 12), in Chromium on the real build: the
 * demo admin makes an image ad in the top banner slot with a preview at the
 * slot's size, sees it go live, on the public call and in the audit log; an
 * editor sees only its sections and the server refuses the others; a member
 * is sent home; public pages load none of the console.
 */
import { expect, test, type Page } from '@playwright/test';
import { asOwnClient, DEMO_PASSWORD } from './support.ts';

async function loginAs(page: Page, mobile: string): Promise<void> {
  const res = await page.request.post('/api/user/login', {
    form: { mobile, password: DEMO_PASSWORD },
  });
  expect(((await res.json()) as { message: string }).message).toBe('登录成功');
}

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

test('the admin makes a top-banner image ad in the console; it goes live and is audited', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await loginAs(page, '13800138000');
  await page.goto('/admin');
  // The name may be anything by now (other tests edit profiles); the role is what matters here.
  await expect(page.getByTestId('admin-user')).toContainText('（管理员）');
  await page.getByRole('menuitem', { name: '广告管理' }).click();
  await page.getByRole('button', { name: '新建广告' }).click();
  const drawer = page.locator('.ant-drawer');
  const title = `GaN 快充大赛 ${Date.now()}`;
  await drawer.getByLabel('标题', { exact: true }).fill(title);
  await drawer.getByLabel('图片地址', { exact: true }).fill('/ads/top-banner.svg');
  const preview = drawer.getByTestId('ad-preview');
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((el) => [el.clientWidth, el.clientHeight])).toEqual([728, 60]);
  await drawer.getByRole('button', { name: '保存广告' }).click();
  await expect(page.getByText('广告已保存')).toBeVisible();
  const row = page.locator('tr', { hasText: title });
  await expect(row).toContainText('顶部通栏');
  await expect(row).toContainText('投放中');
  const pub = (await (await page.request.get('/api/roll_image/list?type=2')).json()) as {
    data: { roll_image_list: { title: string }[] };
  };
  expect(pub.data.roll_image_list.map((a) => a.title)).toContain(title);
  await page.getByRole('menuitem', { name: '操作日志' }).click();
  await expect(page.locator('tr', { hasText: '/api/admin/ad/create' }).first()).toContainText(
    '（管理员）',
  );
  expect(violations).toEqual([]);
  // Off the site again, through the console.
  await page.getByRole('menuitem', { name: '广告管理' }).click();
  await page.locator('tr', { hasText: title }).getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已删除')).toBeVisible();
  await expect(page.locator('tr', { hasText: title })).toHaveCount(0);
});

test('an editor sees only its sections, and the server refuses the others', async ({ page }) => {
  await loginAs(page, '13800138004');
  await page.goto('/admin');
  await expect(page.getByTestId('admin-user')).toContainText('（编辑）');
  await expect(page.getByRole('menuitem', { name: '投稿审核' })).toBeVisible();
  for (const name of ['广告管理', '会员管理', '操作日志'])
    await expect(page.getByRole('menuitem', { name })).toHaveCount(0);
  for (const path of ['/api/admin/ad/list', '/api/admin/member/list', '/api/admin/audit']) {
    const res = (await (await page.request.get(path)).json()) as { code: number };
    expect(res.code).toBe(403);
  }
});

test('a member is sent home, and public pages load none of the console', async ({ page }) => {
  await loginAs(page, '13800138002');
  await page.goto('/admin');
  expect(new URL(page.url()).pathname).toBe('/');
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/article/1');
  await page.waitForLoadState('load');
  expect(scripts.some((u) => /AdminApp|antd|refine/i.test(u))).toBe(false);
});

/** Presses Tab until the focused element's label, text or #id matches, at most `max` times. */
async function tabTo(page: Page, matches: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return `${el?.getAttribute('aria-label') ?? ''}|${el?.textContent?.trim() ?? ''}|#${el?.id ?? ''}`;
    });
    if (focused.split('|').some((t) => t === matches)) return;
  }
  throw new Error(`Tab never reached “${matches}”`);
}

/** Into the console's menu by Tab, down to `section` by arrow, Enter: the section opens. */
async function sectionByKeyboard(page: Page, section: string): Promise<void> {
  await tabTo(page, '后台栏目');
  // The item Enter acts on is the focused one (the highlighted one may follow the pointer, so
  // the pointer is moved off the menu). Each arrow is pressed only once focus has moved for the
  // last one: read too early, focus is on the item before, and one arrow too many lands past it.
  await page.mouse.move(0, 0);
  const focused = () =>
    page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');
  for (let i = 0; i < 20; i++) {
    const now = await focused();
    if (now === section) break;
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).not.toBe(now);
  }
  expect(await focused()).toBe(section);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: section })).toBeVisible();
}

test('the console works by keyboard alone: a section from the menu, a dialog, a save', async ({
  page,
}) => {
  const name = `键盘分类 ${Date.now() % 100000}`;
  await loginAs(page, '13800138000');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: '数据概览' })).toBeVisible();
  await sectionByKeyboard(page, '公告分类');
  await tabTo(page, '新建公告分类');
  await page.keyboard.press('Enter');
  const modal = page.locator('.ant-modal', { hasText: '新建公告分类' });
  await expect(modal).toBeVisible();
  await tabTo(page, '#name');
  await expect(modal.getByLabel('分类名称')).toBeFocused();
  await page.keyboard.type(name);
  await tabTo(page, '保存');
  await page.keyboard.press('Enter');
  await expect(page.getByText('公告分类已保存', { exact: true })).toBeVisible();
  await expect(page.locator('.ant-table-row', { hasText: name })).toBeVisible();
});

test('新建公告 by keyboard alone: the drawer takes focus, the editor takes text, the save is announced', async ({
  page,
}) => {
  const title = `键盘公告 ${Date.now() % 100000}`;
  await loginAs(page, '13800138000');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: '数据概览' })).toBeVisible();
  await sectionByKeyboard(page, '公告管理');
  await tabTo(page, '新建公告');
  const opener = page.getByRole('button', { name: '新建公告' });
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: '新建公告' });
  await expect(drawer).toBeVisible();
  // Focus starts on the form's first field (the category, kept at its first choice).
  await expect(drawer.getByRole('combobox', { name: '公告分类' })).toBeFocused();
  await tabTo(page, '#title');
  await page.keyboard.type(title);
  await tabTo(page, '公告内容');
  await page.keyboard.type('键盘录入的公告正文。');
  await tabTo(page, '保存公告');
  await page.keyboard.press('Enter');
  // Announced (antd's message is a live region), the drawer closed, focus back on its opener.
  await expect(page.getByRole('status').filter({ hasText: '公告已保存' })).toHaveAttribute(
    'aria-live',
    'polite',
  );
  await expect(page.getByText('公告已保存', { exact: true })).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page.locator('.ant-table-row', { hasText: title })).toBeVisible();
});

test('the console honours reduced motion: antd moves nothing for staff who asked for stillness', async ({
  page,
}) => {
  await loginAs(page, '13800138000');
  /** The transition time of a console button (antd gives it its motion duration). */
  const motion = async (): Promise<string> => {
    await page.goto('/admin');
    await page.getByRole('menuitem', { name: '公告分类' }).click();
    const opener = page.getByRole('button', { name: '新建公告分类' });
    await expect(opener).toBeVisible();
    return opener.evaluate((b) => getComputedStyle(b).transitionDuration);
  };
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await motion()).not.toMatch(/^0s(, 0s)*$/);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await motion()).toMatch(/^0s(, 0s)*$/);
});
