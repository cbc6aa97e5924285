/**
 * IP 属地 in Chromium (issue 26; 《互联网用户账号信息管理规定》 art. 12): a member posting from a
 * Guangdong address shows 「IP 属地：广东」 beside the comment (for the member, for a visitor, and
 * in the page's cached HTML, where only public text goes), beside the chat message another
 * viewer receives, on the profile, and on the member's public page. Addresses reach the server as X-Forwarded-For from the
 * trusted proxy in front (the browser tests' server runs with TRUST_PROXY=1).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { firstArticleId, islandReady, loginFresh } from './members-support.ts';
import { dismissNoticePopups, expectToast } from './support.ts';

const GUANGDONG = '120.24.78.68';
const BEIJING = '61.135.169.121';

async function memberFrom(browser: Browser, ip: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': ip } });
  const page = await context.newPage();
  await dismissNoticePopups(page);
  await loginFresh(page);
  return page;
}

test('a comment and a chat message show the poster’s IP 属地; the profile shows it too', async ({
  browser,
  page: visitor,
}) => {
  const tag = Date.now().toString(36);
  const gd = await memberFrom(browser, GUANGDONG);
  const bj = await memberFrom(browser, BEIJING);

  // A comment: shown at once to its author, then to a visitor and in the cached page.
  const id = await firstArticleId(gd.request, 2);
  await gd.goto(`/article/${id}`);
  const comments = gd.getByRole('region', { name: '评论' });
  await islandReady(comments);
  const text = `纹波实测很有参考价值 ${tag}`;
  await gd.getByLabel('评论内容').fill(text);
  await gd.getByRole('button', { name: '发表评论' }).click();
  await expectToast(gd, '评论成功');
  await expect(comments.locator('li', { hasText: text })).toContainText('IP 属地：广东');
  await visitor.goto(`/article/${id}`);
  await expect(
    visitor.getByRole('region', { name: '评论' }).locator('li', { hasText: text }),
  ).toContainText('IP 属地：广东');
  const html = await (await visitor.request.get(`/article/${id}`)).text();
  expect(html).toContain('IP 属地：广东');

  // A chat message: the other viewer receives it with the sender's region.
  const lives = (await (
    await bj.request.get('/api/index/liveBroadCast/list?status=live&size=20')
  ).json()) as { data: { list: { id: number }[] } };
  const liveId = lives.data.list[0]!.id;
  const open = async (p: Page) => {
    await p.goto(`/live/${liveId}`);
    const chat = p.locator('.live-chat');
    await islandReady(chat);
    await expect(chat.locator('.chat-list')).toBeVisible();
    return chat;
  };
  const chatGd = await open(gd);
  const chatBj = await open(bj);
  const hello = `深圳的同学报到 ${tag}`;
  await chatBj.getByRole('textbox', { name: '说点什么…' }).fill(`北京的同学报到 ${tag}`);
  await chatBj.getByRole('button', { name: '发送' }).click();
  await chatGd.getByRole('textbox', { name: '说点什么…' }).fill(hello);
  await chatGd.getByRole('button', { name: '发送' }).click();
  await expect(chatBj.locator('.chat-list li', { hasText: hello })).toContainText('IP 属地：广东');
  await expect(chatGd.locator('.chat-list li', { hasText: `北京的同学报到 ${tag}` })).toContainText(
    'IP 属地：北京',
  );

  // The profile: the region of the latest login or post.
  await gd.goto('/usercenter/mysetting');
  await expect(gd.getByText('IP 属地：广东', { exact: true })).toBeVisible();
  // And the member's public page, which anyone may open.
  const info = (await (await gd.request.post('/api/user/information')).json()) as {
    data: { info: { id: number } };
  };
  await visitor.goto(`/member/${info.data.info.id}`);
  await expect(visitor.locator('[data-member]')).toContainText('IP 属地：广东');
  await gd.context().close();
  await bj.context().close();
});
