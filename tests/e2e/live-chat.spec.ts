/**
 * Live chat and Q&A in Chromium (issue 26): two members in two browser contexts on a broadcast
 * on air in the demo, and a moderator in a third. A message sent by one appears for the other;
 * a question upvoted by the other is answered and pinned by the moderator, and both see it; a
 * message with a review word stays with its author and never reaches the other viewer; a
 * visitor reads the chat as it happens.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { islandReady, loginFresh, loginPage, tokenFor } from './members-support.ts';
import { dismissNoticePopups } from './support.ts';

const MODERATOR = '13800138005';

async function onAirId(page: Page): Promise<number> {
  const res = await page.request.get('/api/index/liveBroadCast/list?status=live&size=20');
  const { data } = (await res.json()) as { data: { list: { id: number }[] } };
  expect(data.list.length).toBeGreaterThan(0);
  return data.list[0]!.id;
}

async function viewer(browser: Browser, login: (page: Page) => Promise<unknown>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await dismissNoticePopups(page);
  await login(page);
  return page;
}

async function openChat(page: Page, liveId: number): Promise<Locator> {
  await page.goto(`/livedetail?id=${liveId}`);
  const chat = page.locator('.live-chat');
  await islandReady(chat);
  // The chat has loaded (its list shows) before anything is sent.
  await expect(chat.locator('.chat-list')).toBeVisible();
  return chat;
}

async function say(chat: Locator, text: string, question = false): Promise<void> {
  await chat.getByRole('textbox', { name: '说点什么…' }).fill(text);
  if (question) await chat.getByRole('checkbox', { name: '作为提问' }).check();
  await chat.getByRole('button', { name: '发送' }).click();
  await expect(chat.getByRole('textbox', { name: '说点什么…' })).toHaveValue('');
}

test('two members chat; a question is upvoted, answered and pinned; a held word stays with its author', async ({
  browser,
}) => {
  const tag = Date.now().toString(36);
  const a = await viewer(browser, (p) => loginFresh(p));
  const b = await viewer(browser, (p) => loginFresh(p));
  const mod = await viewer(browser, (p) => loginPage(p, MODERATOR));
  const liveId = await onAirId(a);
  const chatA = await openChat(a, liveId);
  const chatB = await openChat(b, liveId);
  const chatM = await openChat(mod, liveId);

  // A message sent by one appears for the other.
  const hello = `大家好，我是A ${tag}`;
  await say(chatA, hello);
  await expect(chatB.locator('.chat-list li', { hasText: hello })).toBeVisible();

  // A's question, upvoted by B.
  const ask = `回放什么时候上线？${tag}`;
  await say(chatA, ask, true);
  await chatB.getByRole('tab', { name: '提问' }).click();
  const qB = chatB.locator('li', { hasText: ask });
  await qB.getByRole('button', { name: '赞同 0' }).click();
  await expect(qB.getByRole('button', { name: '已赞同 1' })).toBeDisabled();
  await chatA.getByRole('tab', { name: '提问' }).click();
  const qA = chatA.locator('li', { hasText: ask });
  await expect(qA.getByRole('button', { name: '赞同 1' })).toBeVisible();

  // The moderator answers and pins it; both members see it.
  await chatM.getByRole('tab', { name: '提问' }).click();
  const qM = chatM.locator('li', { hasText: ask });
  await expect(qM.getByRole('button', { name: '赞同 1' })).toBeVisible();
  await qM.getByRole('button', { name: '已回答' }).click();
  await qM.getByRole('textbox', { name: '输入回答' }).fill(`直播结束后两小时 ${tag}`);
  await qM.locator('.chat-answer').getByRole('button', { name: '已回答' }).click();
  await qM.getByRole('button', { name: '置顶', exact: true }).click();
  await expect(qM.getByRole('button', { name: '取消置顶' })).toBeVisible();
  for (const q of [qA, qB]) {
    await expect(q.locator('.answer')).toHaveText(`已回答直播结束后两小时 ${tag}`);
    await expect(q).toHaveClass(/pinned/);
  }
  for (const chat of [chatA, chatB]) {
    await chat.getByRole('tab', { name: '聊天' }).click();
    await expect(chat.locator('.chat-pinned li', { hasText: ask })).toBeVisible();
  }

  // A review word: A sees it held; B gets A's next message but never the held one.
  const held = `加微信领取资料 ${tag}`;
  await say(chatA, held);
  await expect(chatA.locator('.chat-list li', { hasText: held })).toContainText(
    '审核中，仅自己可见',
  );
  const after = `审核词之后的消息 ${tag}`;
  await say(chatA, after);
  await expect(chatB.locator('.chat-list li', { hasText: after })).toBeVisible();
  await expect(chatB.getByText(held)).toHaveCount(0);
  await chatM.getByRole('tab', { name: '聊天' }).click();
  await expect(chatM.locator('.chat-list li', { hasText: after })).toBeVisible();
  await expect(chatM.getByText(held)).toHaveCount(0);
});

test('a visitor reads the chat live, with nothing of it in the cached page', async ({ page }) => {
  await dismissNoticePopups(page);
  const liveId = await onAirId(page);
  const html = await (await page.request.get(`/livedetail?id=${liveId}`)).text();
  expect(html).not.toContain('data-chat-id');
  const chat = await openChat(page, liveId);
  // On this page the login dialog opens for a visitor at once (it cannot be closed here).
  await expect(page.locator('dialog.login-dialog')).toBeVisible();
  const token = await tokenFor(page.request, '13800138002');
  const text = `访客也能看到 ${Date.now().toString(36)}`;
  const res = await page.request.post(`/api/live/chat/${liveId}/send`, {
    data: { content: text },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await res.json()) as { code: number }).code).toBe(200);
  await expect(chat.locator('.chat-list li', { hasText: text })).toBeVisible();
});
