/**
 * Reading progress and 继续学习 (issue 28) in Chromium: a member reads half an article, leaves,
 * and 继续学习 on the home page brings them back to that paragraph; the user centre offers the
 * same and lists the article under 文章阅读; the article shows its 阅读时长 to everyone. The
 * paragraph reached is the one the page itself reported (read from its request), so the test
 * follows the page rather than guessing its scroll arithmetic.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeFindings, expectNoFindings } from './a11y-support.ts';
import { loginFresh } from './members-support.ts';

type Listed = { id: number; title: string };

/** A published article with a long body (most paragraphs of the first page of the list). */
async function longArticle(page: Page): Promise<Listed & { blocks: number }> {
  const res = await page.request.get('/api/article/list?type=2&size=10');
  const { data } = (await res.json()) as { data: { list: Listed[] } };
  let best: (Listed & { blocks: number }) | undefined;
  for (const a of data.list) {
    const d = (await (await page.request.get(`/api/article/detail?id=${a.id}`)).json()) as {
      data: { detail: { content: string } };
    };
    const blocks = (d.data.detail.content.match(/<\/(p|h2|h3|pre|ul|ol|blockquote|table)>/g) ?? [])
      .length;
    if (!best || blocks > best.blocks) best = { ...a, blocks };
  }
  return best!;
}

test('a member reads half an article, leaves, and 继续学习 brings them back to that paragraph', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await loginFresh(page);
  const article = await longArticle(page);
  await page.goto(`/article/${article.id}`);
  await expect(page.locator('.meta')).toContainText(/阅读约 \d+ 分钟/);
  const body = page.locator('#article-body');
  const blocks = await body.locator(':scope > *').count();
  expect(blocks).toBeGreaterThan(8);

  // Read down to the middle of the body: the page reports the furthest paragraph it saw.
  const half = Math.floor(blocks / 2);
  const reported = page.waitForResponse(
    (r) => r.url().includes('/api/reading/progress') && r.request().method() === 'POST',
  );
  await body
    .locator(':scope > *')
    .nth(half)
    .evaluate((e) => e.scrollIntoView({ block: 'start' }));
  const answer = await reported;
  const sent = new URLSearchParams(answer.request().postData() ?? '');
  const paragraph = Number(sent.get('paragraph'));
  expect(paragraph).toBeGreaterThanOrEqual(half);
  expect(paragraph).toBeLessThan(blocks - 1);
  expect(await answer.json()).toMatchObject({
    code: 200,
    data: { articleId: article.id, paragraph, finished: false },
  });

  // Leave: 继续学习 on the home page and in the user centre offers that paragraph.
  await page.goto('/');
  const card = page.getByRole('complementary', { name: '继续学习' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(article.title);
  await expect(card).toContainText(/文章 · 已读 \d+%/);
  const there = `/article/${article.id}#p-${paragraph}`;
  await expect(card.getByRole('link')).toHaveAttribute('href', there);
  expectNoFindings(await axeFindings(page, '继续学习 360px', { include: '.continue-card' }));
  await page.goto('/usercenter/mystudy');
  await expect(page.locator('a[data-continue]')).toHaveAttribute('href', there);
  const row = page.locator(`li[data-reading="${article.id}"]`);
  await expect(row).toContainText(article.title);
  await expect(row).toContainText(/已读 \d+%/);

  // Come back through the card: the article opens at that paragraph, not at its title.
  await page.goto('/');
  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${there}$`));
  const resumed = body.locator(':scope > *').nth(paragraph);
  await expect(resumed).toHaveClass(/reading-resume/);
  await expect(resumed).toBeInViewport();
  await expect(page.locator('h1.title')).not.toBeInViewport();
});

test("关闭 hides 继续学习 for the rest of the tab's session; another tab shows it again", async ({
  page,
}) => {
  await loginFresh(page);
  const list = (await (await page.request.get('/api/article/list?type=2&size=1')).json()) as {
    data: { list: Listed[] };
  };
  const article = list.data.list[0]!;
  const saved = await page.request.post('/api/reading/progress', {
    form: { articleId: String(article.id), paragraph: '2', percent: '20' },
  });
  expect(((await saved.json()) as { code: number }).code).toBe(200);
  await page.goto('/');
  const card = page.getByRole('complementary', { name: '继续学习' });
  await expect(card).toContainText(article.title);
  await card.getByRole('button', { name: '关闭继续学习' }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.locator('astro-island[component-url*="ContinueLearning"]')).not.toHaveAttribute(
    'ssr',
  );
  await expect(card).toHaveCount(0);
  const other = await page.context().newPage();
  await other.goto('/');
  await expect(other.getByRole('complementary', { name: '继续学习' })).toContainText(article.title);
});

test('a visitor sees the reading time and no 继续学习, and sends nothing', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/reading/') || r.url().includes('/api/learning/'))
      posts.push(r.url());
  });
  const res = await page.request.get('/api/article/list?type=2&size=1');
  const { data } = (await res.json()) as { data: { list: Listed[] } };
  await page.goto(`/article/${data.list[0]!.id}`);
  await expect(page.locator('.meta')).toContainText(/阅读约 \d+ 分钟/);
  await page.locator('#article-body > *').last().scrollIntoViewIfNeeded();
  // The card is a member's (client:member): a visitor's page never loads it.
  const loaded: string[] = [];
  page.on('request', (r) => void (/ContinueLearning/.test(r.url()) && loaded.push(r.url())));
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.locator('astro-island[component-url*="ContinueLearning"]')).toHaveAttribute(
    'ssr',
  );
  await expect(page.getByRole('complementary', { name: '继续学习' })).toHaveCount(0);
  expect(loaded).toEqual([]);
  expect(posts).toEqual([]);
});
