/**
 * 会员 in the console (issue 27), in Chromium on the real build: the demo admin makes a card,
 * is refused a struck-through price below its price, edits its price and stops it, and the
 * cached /vip page follows each change; the admin is refused a kit as a VIP-free course, saves
 * benefits with another course and a new download quota, and /vip shows them; 会员名单 finds
 * the seeded VIP by the tail of the phone. Each tab is scanned with axe; the writes are in
 * 操作日志. The benefits are put back as they were (other console tests read course pages).
 */
import { expect, test, type Page } from '@playwright/test';
import { axeFindings, expectNoFindings } from './a11y-support.ts';
import { expectAudited } from './console-support.ts';
import { ADMIN, call, loginPage, tokenFor } from './members-support.ts';
import { asOwnClient } from './support.ts';

interface Benefits {
  freeCourseIds: number[];
  ratePercent: number;
  monthlyDownloads: number;
  hideAds: boolean;
}

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

/** Waits until no table or form of the tab is still loading. */
async function settled(page: Page) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

/** Adds a course to the multi-select by typing part of its title (keyboard only). */
async function pickCourse(page: Page, text: string) {
  const select = page.getByRole('combobox', { name: '会员免费课程' });
  await select.focus();
  await page.keyboard.type(text);
  const active = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active');
  await expect(active).toContainText(text);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
}

test('the admin makes, edits and stops a card and saves the benefits', async ({
  page,
  browser,
  request,
}) => {
  const token = await tokenFor(request, ADMIN);
  const before = await call<Benefits>(request, token, 'get', '/api/admin/vip/benefits');
  expect(before.code).toBe(200);
  const reader = await browser.newPage();
  await reader.goto('/vip');
  const card = reader.locator('.plan', { hasText: '体验卡' });
  await expect(card).toHaveCount(0);

  await loginPage(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '会员', exact: true }).click();
  await settled(page);
  await expect(page.locator('tr', { hasText: '年卡' })).toContainText('¥268.00 / ¥360.00');
  expectNoFindings(await axeFindings(page, '控制台 会员套餐'));

  await page.getByRole('button', { name: '新建会员套餐' }).click();
  const dialog = page.getByRole('dialog', { name: '新建会员套餐' });
  await dialog.getByLabel('套餐名称').fill('体验卡');
  await dialog.getByLabel('有效天数').fill('60');
  await dialog.getByLabel('售价（元）').fill('50');
  await dialog.getByLabel('划线价（元，可选）').fill('40');
  await dialog.getByRole('button', { name: '保存' }).click();
  // Refused in words, and the dialog keeps what was typed.
  await expect(page.getByText('划线价须高于售价')).toBeVisible();
  await dialog.getByLabel('划线价（元，可选）').fill('60');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('会员套餐已保存')).toBeVisible();
  const row = page.locator('tr', { hasText: '体验卡' });
  await expect(row).toContainText('¥50.00 / ¥60.00');
  await expect(row).toContainText('在售');
  await reader.reload();
  await expect(card).toContainText('¥50.00');

  await row.getByRole('button', { name: '编辑“体验卡”' }).click();
  const edit = page.getByRole('dialog', { name: '编辑会员套餐“体验卡”' });
  await edit.getByLabel('售价（元）').fill('45');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(row).toContainText('¥45.00 / ¥60.00');
  await reader.reload();
  await expect(card).toContainText('¥45.00');

  await row.getByRole('button', { name: '停售' }).click();
  const stopped = page.waitForResponse(
    (r) => r.url().endsWith('/api/admin/vip/plan/update') && r.request().method() === 'POST',
  );
  await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
  expect(await (await stopped).json()).toMatchObject({ code: 200, message: '会员套餐已保存' });
  await expect(row).toContainText('停售');
  await expect(row.getByRole('button', { name: '恢复在售' })).toBeVisible();
  await reader.reload();
  await expect(reader.locator('.plan', { hasText: '年卡' })).toBeVisible();
  await expect(card).toHaveCount(0);

  try {
    await page.getByRole('tab', { name: '会员权益' }).click();
    await expect(page.getByRole('button', { name: '保存会员权益' })).toBeVisible();
    expectNoFindings(await axeFindings(page, '控制台 会员权益'));
    // A kit is refused by name (its id), nothing saved.
    await pickCourse(page, 'STM32F103 开发板套件');
    await page.getByRole('button', { name: '保存会员权益' }).click();
    await expect(
      page.getByText(/^会员免费课程须为已上架的付费课程，且不能是实物套件：\d+$/),
    ).toBeVisible();
    const kit = page.locator('.ant-select-selection-item', { hasText: 'STM32F103 开发板套件' });
    await kit.locator('.ant-select-selection-item-remove').click();
    await expect(kit).toHaveCount(0);
    await pickCourse(page, 'LoRa 低功耗广域网');
    await page.getByLabel('每月可下载（份）').fill('12');
    await page.getByRole('button', { name: '保存会员权益' }).click();
    await expect(page.getByText('会员权益已保存')).toBeVisible();
    const free = page.getByRole('table', { name: '当前会员免费课程' });
    await expect(free).toContainText('LoRa 低功耗广域网');
    await expect(free.locator('tbody tr')).toHaveCount(before.data.freeCourseIds.length + 1);
    await expect(free).not.toContainText('开发板套件');
    await reader.reload();
    const perks = reader.locator('.perks');
    await expect(perks).toContainText(`${before.data.freeCourseIds.length + 1} 门课程会员免费学`);
    await expect(perks).toContainText('每月可下载 12 份付费课程资料');

    await page.getByRole('tab', { name: '会员名单' }).click();
    await settled(page);
    const search = page.getByLabel('按手机号搜索');
    await search.fill('8006');
    await search.press('Enter');
    const vip = page.locator('.ant-table-row', { hasText: '13800138006' });
    await expect(vip).toHaveCount(1);
    await expect(vip).toContainText('有效');
    await page.locator('.ant-radio-button-wrapper', { hasText: '已到期' }).click();
    await expect(page.locator('.ant-table-row')).toHaveCount(0);
    await expect(page.getByText('没有会员')).toBeVisible();
    expectNoFindings(await axeFindings(page, '控制台 会员名单'));

    await expectAudited(page, '/api/admin/vip/benefits/save');
  } finally {
    const back = await call(request, token, 'post', '/api/admin/vip/benefits/save', {
      freeCourseIds: before.data.freeCourseIds.join(','),
      ratePercent: String(before.data.ratePercent),
      monthlyDownloads: String(before.data.monthlyDownloads),
      hideAds: before.data.hideAds ? '1' : '0',
    });
    expect(back.code).toBe(200);
    await reader.close();
  }
});
