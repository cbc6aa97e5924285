/**
 * The console's dates are Beijing time whatever the browser's zone (issue 24): from a browser
 * set to UTC or to New York, a broadcast typed as 23:16 is stored as 23:16 in Beijing and its
 * public page says 23:16; the edit form shows the same time again; a scheduled article typed as
 * 23:16 is scheduled for 23:16 in Beijing, and so is an ad's schedule.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, loginPage } from './members-support.ts';
import { asOwnClient } from './support.ts';
import { chooseOption } from './console-support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

/** A Beijing calendar day `days` ahead, as YYYY-MM-DD. */
const beijingDay = (days: number) =>
  new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** The instant a Beijing wall-clock time names. */
const instant = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+08:00`).toISOString();

async function typeRange(page: Page, from: string, to: string) {
  const drawer = page.locator('.ant-drawer');
  const [start, end] = [drawer.getByPlaceholder('开始日期'), drawer.getByPlaceholder('结束日期')];
  const ok = page.locator('.ant-picker-ok button');
  await start.click();
  await start.pressSequentially(from);
  await expect(ok).toBeEnabled();
  await ok.click();
  await page.mouse.move(0, 0);
  await expect(end).toBeFocused();
  await end.pressSequentially(to);
  await page.mouse.move(0, 0);
  await expect(end).toHaveValue(to);
  await expect(ok).toBeEnabled();
  await ok.click();
}

for (const zone of ['UTC', 'America/New_York']) {
  test.describe(`a browser in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test('a broadcast typed as 23:16 is published for 23:16 Beijing time', async ({ page }) => {
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
        zone,
      );
      const title = `北京时间直播 ${zone} ${Date.now()}`;
      const day = beijingDay(9);
      const next = beijingDay(10);
      await loginPage(page, ADMIN);
      await page.goto('/admin');
      await page.getByRole('menuitem', { name: '直播管理' }).click();
      await page.getByRole('button', { name: '新建直播' }).click();
      const drawer = page.locator('.ant-drawer');
      await drawer.getByLabel('直播标题').fill(title);
      await drawer.getByLabel('主讲人').fill('陈工');
      await typeRange(page, `${day} 23:16`, `${next} 00:46`);
      await drawer.getByLabel('直播介绍').fill('夜场直播：时区测试。');
      await drawer.getByRole('button', { name: '保存直播' }).click();
      await expect(page.getByText('直播已保存')).toBeVisible();

      // Shown as such in the console's list, and stored as the Beijing instant: the public
      // page gives it in its <time datetime> and shows 23:16.
      const tr = page.locator('tr', { hasText: title });
      await expect(tr).toContainText(`${day} 23:16`);
      const href = (await tr.getByRole('link', { name: title }).getAttribute('href'))!;
      const times = async () => {
        const html = await (await page.request.get(href)).text();
        return [...html.matchAll(/<time[^>]*\sdatetime="([^"]+)"[^>]*>([^<]+)<\/time>/g)]
          .slice(0, 2)
          .map((m) => `${new Date(m[1]!).toISOString()} ${m[2]}`);
      };
      const expected = [
        `${instant(day, '23:16')} ${day} 23:16`,
        `${instant(next, '00:46')} ${next} 00:46`,
      ];
      expect(await times()).toEqual(expected);

      // The edit form shows the same Beijing times, and saving it unchanged moves nothing.
      await tr.getByRole('button', { name: '编辑' }).click();
      const edit = page.locator('.ant-drawer', { hasText: '编辑直播' });
      await expect(edit.getByPlaceholder('开始日期')).toHaveValue(`${day} 23:16`);
      await expect(edit.getByPlaceholder('结束日期')).toHaveValue(`${next} 00:46`);
      await edit.getByRole('button', { name: '保存直播' }).click();
      await expect(page.getByText('直播已保存').last()).toBeVisible();
      expect(await times()).toEqual(expected);

      // Tidy: nobody reserved it. Once the edit drawer is gone and the list has reloaded (a
      // reload under an open pop-confirm closes it); the server's answer says why if refused.
      await expect(edit).toBeHidden();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      const deleted = page.waitForResponse((r) => r.url().includes('/api/admin/live/delete'));
      await tr.getByRole('button', { name: '删除' }).click();
      await page.getByRole('tooltip').getByRole('button', { name: '确定' }).click();
      const answer = (await (await deleted).json()) as { code: number; message: string };
      expect(answer, answer.message).toMatchObject({ code: 200 });
      await expect(page.getByText('直播已删除', { exact: true })).toBeVisible();
    });
  });
}

test.describe('a browser in UTC', () => {
  test.use({ timezoneId: 'UTC' });

  test('an article scheduled for 23:16 is scheduled for 23:16 Beijing time', async ({ page }) => {
    const title = `北京时间定时文章 ${Date.now()}`;
    const day = beijingDay(9);
    await loginPage(page, ADMIN);
    await page.goto('/admin');
    await page.getByRole('menuitem', { name: '文章管理' }).click();
    await page.getByRole('button', { name: '新建文章' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByLabel('标题', { exact: true }).fill(title);
    // The first category, chosen by keyboard (↓ opens the list with it active, Enter takes it):
    // a click on an option of a list still opening selected nothing on a busy machine.
    await chooseOption(page, drawer.getByLabel('分类', { exact: true }));
    await expect(drawer.locator('.ant-select-selection-item').first()).not.toBeEmpty();
    await drawer.getByRole('textbox', { name: '正文' }).click();
    await page.keyboard.type('夜里发布。');
    const picker = drawer.getByLabel('发布时间');
    await picker.click();
    await picker.pressSequentially(`${day} 23:16:00`);
    await page.locator('.ant-picker-ok button').click();
    await expect(picker).toHaveValue(`${day} 23:16:00`);
    await drawer.getByRole('button', { name: '保存文章' }).click();
    await expect(page.getByText(`文章已保存，将于 ${day} 23:16 发布`)).toBeVisible();
    const res = await page.request.get(`/api/admin/article/list?q=${encodeURIComponent(title)}`);
    const { id } = ((await res.json()) as { data: { list: { id: number }[] } }).data.list[0]!;
    const detail = await page.request.get(`/api/admin/article/detail?id=${id}`);
    const body = (await detail.json()) as { data: { publishedAt: string } };
    expect(body.data.publishedAt).toBe(instant(day, '23:16'));
  });
});

test.describe('a browser in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('an ad scheduled from 23:16 runs from 23:16 Beijing time', async ({ page }) => {
    const title = `北京时间排期广告 ${Date.now()}`;
    const day = beijingDay(9);
    const next = beijingDay(10);
    await loginPage(page, ADMIN);
    await page.goto('/admin');
    await page.getByRole('menuitem', { name: '广告管理' }).click();
    await page.getByRole('button', { name: '新建广告' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByLabel('标题', { exact: true }).fill(title);
    await drawer.getByLabel('图片地址', { exact: true }).fill('/ads/top-banner.svg');
    await typeRange(page, `${day} 23:16:00`, `${next} 00:46:00`);
    await drawer.getByRole('button', { name: '保存广告' }).click();
    await expect(page.getByText('广告已保存')).toBeVisible();
    const row = page.locator('tr', { hasText: title });
    await expect(row).toContainText(`${day} 23:16 至 ${next} 00:46`);
    await expect(row).toContainText('未到排期');
    const res = await page.request.get('/api/admin/ad/list?size=100');
    const list = ((await res.json()) as { data: { list: Record<string, unknown>[] } }).data.list;
    const ad = list.find((a) => a.title === title)!;
    expect(ad.startAt).toBe(instant(day, '23:16'));
    expect(ad.endAt).toBe(instant(next, '00:46'));
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await row.getByRole('button', { name: '删除' }).click();
    // The server's answer to the delete, so a refusal fails here with its own words.
    const deleted = page.waitForResponse((r) => r.url().includes('/api/admin/ad/delete'));
    await page.getByRole('tooltip').getByRole('button', { name: '确定' }).click();
    const answer = (await (await deleted).json()) as { code: number; message: string };
    expect(answer, answer.message).toMatchObject({ code: 200 });
    await expect(page.getByText('已删除')).toBeVisible();
    await expect(page.locator('tr', { hasText: title })).toHaveCount(0);
  });
});
