/**
 * 课时问答 (issue 26) in Chromium, on 刘建国's STM32 course: a visitor reads the free lesson's
 * questions with the teacher's pinned answer; a member asks one; the teacher, logged in on the
 * site with his own member account, sees the lesson's open questions in the outline, answers,
 * pins and marks it 已解决; the member sees all of it after a reload, and hears of the answer
 * in 我的消息.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeFindings, expectNoFindings } from './a11y-support.ts';
import { loginFresh, loginPage } from './members-support.ts';
import { asOwnClient, expectToast } from './support.ts';

const TEACHER = '13800138006';

async function stm32(page: Page): Promise<number> {
  const res = await page.request.get('/api/course/list?size=50');
  const { data } = (await res.json()) as { data: { list: { id: number; title: string }[] } };
  return data.list.find((c) => c.title.startsWith('STM32F103 从零到项目'))!.id;
}

const section = (page: Page) => page.getByRole('region', { name: '课时问答' });
const question = (page: Page, text: string) =>
  section(page).locator('li[data-question]').filter({ hasText: text });

test('a visitor reads the free lesson’s questions and the teacher’s pinned answer', async ({
  page,
  context,
}) => {
  await asOwnClient(context);
  await page.goto(`/course/${await stm32(page)}`);
  const first = section(page).locator('li[data-question]').first();
  await expect(first).toContainText('No target connected');
  await expect(first).toContainText('置顶');
  await expect(first).toContainText('已解决');
  await expect(first.locator('.reply')).toContainText('讲师回复（刘建国）：先在 Options');
  await expect(section(page).getByRole('textbox', { name: '提问内容' })).toHaveAttribute(
    'placeholder',
    '登录后向讲师提问',
  );
  await expect(section(page).getByRole('button', { name: '置顶' })).toHaveCount(0);
});

test('a member asks; the teacher answers, pins and resolves it; both see it', async ({
  browser,
}) => {
  const asker = await browser.newContext();
  const teacherContext = await browser.newContext();
  await asOwnClient(asker);
  await asOwnClient(teacherContext);
  const a = await asker.newPage();
  const t = await teacherContext.newPage();
  const text = `ST-Link 固件需要升级吗？${Date.now() % 100_000}`;

  await loginFresh(a);
  const id = await stm32(a);
  await a.goto(`/course/${id}`);
  const box = section(a).getByRole('textbox', { name: '提问内容' });
  await expect(box).toHaveAttribute('placeholder', '对本课时有疑问？向讲师提问');
  await box.fill(text);
  await section(a).getByRole('button', { name: '提问', exact: true }).click();
  await expectToast(a, '提问成功');
  await expect(question(a, text)).toBeVisible();
  await expect(question(a, text).getByRole('button', { name: '回答' })).toHaveCount(0);

  await loginPage(t, TEACHER);
  await t.goto(`/course/${id}`);
  const mine = question(t, text);
  await expect(mine).toBeVisible();
  // The outline counts the lesson's open questions for its teacher.
  await expect(t.locator('.outline .open-questions').first()).toHaveText(/^\d+ 个待解决提问$/);
  await mine.getByRole('button', { name: '回答' }).click();
  await mine
    .getByRole('textbox', { name: /^回答：/ })
    .fill('V2J37 以上即可，STM32CubeProgrammer 里一键升级。');
  await mine.getByRole('button', { name: '提交回答' }).click();
  await expectToast(t, '已回答');
  await expect(question(t, text).locator('.reply')).toContainText(
    '讲师回复（刘建国）：V2J37 以上即可',
  );
  await question(t, text).getByRole('button', { name: '置顶' }).click();
  await expectToast(t, '已置顶');
  await question(t, text).getByRole('button', { name: '标记已解决' }).click();
  await expectToast(t, '已标记为已解决');
  await expect(question(t, text).getByRole('button', { name: '改为未解决' })).toBeVisible();
  expectNoFindings(
    await axeFindings(t, 'lesson questions, teacher', { include: '.lesson-questions' }),
  );

  await a.reload();
  const seen = section(a).locator('li[data-question]').first();
  await expect(seen).toContainText(text);
  await expect(seen).toContainText('置顶');
  await expect(seen).toContainText('已解决');
  await expect(seen.locator('.reply')).toContainText('讲师回复（刘建国）：V2J37 以上即可');
  await a.goto('/usercenter/mymsg');
  await expect(a.getByTestId('notice-list')).toContainText(
    '你在「开发环境搭建与第一个点灯程序」的提问有了回答',
  );
  await asker.close();
  await teacherContext.close();
});
