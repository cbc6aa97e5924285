/**
 * Checks inside lessons (课内练习, issue 28) in Chromium, on the seeded LDO course: at the LM317
 * question's second (1:30) the lesson pauses and focus moves to the question; 3.0 V for the
 * right 2.979 V (±1 %) is accepted; another member's 3.5 V is refused twice and then shows the
 * right answer and its explanation; a wrong unit is refused before a try is spent.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeFindings, expectNoFindings } from './a11y-support.ts';
import { loginFresh } from './members-support.ts';
import { asOwnClient } from './support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

/** The LDO course and its lessons in order. */
async function ldo(page: Page): Promise<{ id: number; lessons: number[] }> {
  const res = await page.request.get('/api/course/list?size=50');
  const { data } = (await res.json()) as { data: { list: { id: number; title: string }[] } };
  const id = data.list.find((c) => c.title.startsWith('线性稳压器'))!.id;
  const detail = await page.request.get(`/api/course/detail/${id}`);
  const d = (await detail.json()) as { data: { detail: { lessons: { id: number }[] } } };
  return { id, lessons: d.data.detail.lessons.map((l) => l.id) };
}

const lm317 = (page: Page) => page.locator('form[data-check]').filter({ hasText: 'LM317' });

test('the lesson pauses at the question’s second, and 3.0 V for 2.979 V ±1 % is accepted', async ({
  page,
}) => {
  await loginFresh(page);
  const course = await ldo(page);
  await page.goto(`/course/${course.id}#lesson=${course.lessons[1]}&t=86`);
  const video = page.locator('[data-lesson-player="ready"] video');
  await expect(video).toBeAttached();
  const check = lm317(page);
  await expect(check).toBeVisible();
  await expect(page.getByRole('heading', { name: '课内练习（0/1）' })).toBeVisible();
  // Play on from 1:26: at 1:30 the video pauses and the answer field takes focus.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    void v.play().catch(() => undefined);
  });
  await expect(check).toHaveAttribute('data-asked', '1', { timeout: 60_000 });
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  const time = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  expect(time).toBeGreaterThanOrEqual(90);
  expect(time).toBeLessThan(95);
  const input = check.getByRole('textbox', { name: /答案（单位 V）/ });
  await expect(input).toBeFocused();

  await page.keyboard.type('3.0 V');
  await page.keyboard.press('Enter');
  await expect(check.getByRole('status')).toHaveText('回答正确');
  await expect(check).toContainText('正确答案：2.979 V（±1%）');
  await expect(check).toContainText('解析：Vout = 1.25 V × (1 + R2 / R1)');
  await expect(check.getByRole('button', { name: '提交' })).toBeDisabled();
  await expect(page.getByRole('heading', { name: '课内练习（1/1）' })).toBeVisible();

  // The answer is kept: after a reload the check shows as done.
  await page.reload();
  await expect(lm317(page)).toHaveAttribute('data-finished', '1');
  await expect(lm317(page).getByRole('status')).toHaveText('回答正确');

  // 我的完成 counts it under the course.
  await page.goto('/usercenter/mycomplete');
  await expect(page.locator(`[data-check-course="${course.id}"]`)).toContainText(
    '已完成 1/4 题 · 答对 1 题',
  );
});

test('3.5 V is refused, and after the allowed tries the right answer is shown', async ({
  page,
}) => {
  await loginFresh(page);
  const course = await ldo(page);
  await page.goto(`/course/${course.id}#lesson=${course.lessons[1]}&t=0`);
  const check = lm317(page);
  await expect(check).toBeVisible();
  const input = check.getByRole('textbox', { name: /答案（单位 V）/ });
  const submit = check.getByRole('button', { name: '提交' });
  const status = check.getByRole('status');

  // A wrong unit is caught before a try is spent.
  await input.fill('3 A');
  await submit.click();
  await expect(status).toHaveText('单位应为 V');
  await expect(check).toContainText('已作答 0/2 次');

  await input.fill('3.5 V');
  await submit.click();
  await expect(status).toHaveText('回答错误，还可以再试 1 次');
  await expect(check).not.toContainText('正确答案');
  await input.fill('3.5');
  await submit.click();
  await expect(status).toHaveText('回答错误，作答次数已用完');
  await expect(check).toContainText('正确答案：2.979 V（±1%）');
  await expect(check).toContainText('已作答 2/2 次');
  await expect(submit).toBeDisabled();
  await expect(input).toBeDisabled();
  expectNoFindings(await axeFindings(page, '课内练习', { include: '.lesson-checks' }));
});
