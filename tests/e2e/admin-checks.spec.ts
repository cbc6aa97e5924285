/**
 * 课内练习 in the console (issue 28), in Chromium: the seeded LM317 check is listed with its
 * answer; staff add a numeric check to a FreeRTOS lesson (a refused single choice first keeps
 * what was typed), a member then finds it under that lesson's player, and the change is in
 * 操作日志.
 */
import { expect, test, type Page } from '@playwright/test';
import { chooseOption, expectAudited } from './console-support.ts';
import { ADMIN, loginFresh, loginPage } from './members-support.ts';
import { asOwnClient } from './support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

async function open(page: Page) {
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '课内练习' }).click();
}

test('staff add a numeric check to a lesson; a member finds it under the player', async ({
  page,
  browser,
}) => {
  await loginPage(page, ADMIN);
  await open(page);
  const seeded = page.locator('.ant-table-row', { hasText: 'LM317' });
  await expect(seeded).toContainText('2.97917 V（±1%）');
  await expect(seeded).toContainText('90 秒');

  const prompt = `FreeRTOS 节拍 ${Date.now()}：configTICK_RATE_HZ 为 1000 时，一个节拍是多少毫秒？`;
  await page.getByRole('button', { name: '新建练习题' }).click();
  const dialog = page.getByRole('dialog', { name: '新建练习题' });
  const lesson = await chooseOption(page, dialog.getByLabel('课时'), 'FreeRTOS');
  await dialog.getByLabel('题目').fill(prompt);
  await dialog.getByLabel('选项（选择题，每行一个）').fill('0.1 ms\n1 ms\n10 ms');
  await dialog.getByLabel('正确答案').fill('A,B');
  await dialog.getByRole('button', { name: '保存' }).click();
  // A single choice with two answers is refused; the dialog keeps what was typed.
  await expect(page.getByText('单选题只能有一个正确答案')).toBeVisible();
  await expect(dialog.getByLabel('题目')).toHaveValue(prompt);

  await chooseOption(page, dialog.getByLabel('题型'), '数值题');
  await dialog.getByLabel('选项（选择题，每行一个）').fill('');
  await dialog.getByLabel('正确答案').fill('1');
  await dialog.getByLabel('单位（数值题）').fill('ms');
  await dialog.getByLabel('允许误差 ±%（数值题）').fill('0');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('练习题已保存')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.locator('.ant-table-row', { hasText: prompt.slice(0, 16) });
  await expect(row).toContainText('1 ms（±0%）');
  await expect(row).toContainText('课时结束后');
  await expectAudited(page, '/api/admin/check/create');

  // A member opens that lesson: the check is under the player, without its answer.
  const context = await browser.newContext();
  await asOwnClient(context);
  const member = await context.newPage();
  await loginFresh(member);
  const courses = (await (await member.request.get('/api/course/list?size=50')).json()) as {
    data: { list: { id: number; title: string }[] };
  };
  const [courseTitle, lessonTitle] = lesson.split(' · ');
  const course = courses.data.list.find((c) => c.title === courseTitle)!;
  const detail = (await (await member.request.get(`/api/course/detail/${course.id}`)).json()) as {
    data: { detail: { lessons: { id: number; title: string }[] } };
  };
  const target = detail.data.detail.lessons.find((l) => l.title === lessonTitle)!;
  await member.goto(`/course/${course.id}#lesson=${target.id}&t=0`);
  const check = member.locator('form[data-check]', { hasText: prompt.slice(0, 16) });
  await expect(check).toBeVisible();
  await expect(check).not.toContainText('正确答案');
  await check.getByRole('textbox', { name: /答案（单位 ms）/ }).fill('1ms');
  await check.getByRole('button', { name: '提交' }).click();
  await expect(check.getByRole('status')).toHaveText('回答正确');
  await context.close();
});
