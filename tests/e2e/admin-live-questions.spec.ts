/**
 * 直播问答 (issue 26), the host's view in the console, in Chromium: the moderator picks a
 * broadcast on air, sees its questions most votes first, answers one (已回答) and pins it
 * (置顶); the live page's chat shows it pinned with its answer. The admin makes an editor the
 * host (主持人) of a broadcast in 直播管理; the editor's 直播问答 opens it as theirs.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, call, freshMember, islandReady, loginPage, tokenFor } from './members-support.ts';
import { demoLiveMedia } from './media-support.ts';
import { asOwnClient } from './support.ts';
import { chooseOption } from './console-support.ts';

const MODERATOR = '13800138005';
const EDITOR = '13800138004';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

async function ask(request: APIRequestContext, token: string, liveId: number, content: string) {
  const res = await request.post(`/api/live/chat/${liveId}/send`, {
    data: { content, kind: 'question' },
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { code: number; data: { message: { id: number } } };
  expect(body.code).toBe(200);
  return body.data.message.id;
}

test('the moderator answers and pins the most voted question; the live page shows it', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const list = (await (
    await page.request.get('/api/index/liveBroadCast/list?status=live&size=20')
  ).json()) as { data: { list: { id: number; title: string }[] } };
  const live = list.data.list[0]!;
  // New members: another test's wrong passwords can put a demo account behind the captcha.
  const [a, b] = [(await freshMember(page.request)).token, (await freshMember(page.request)).token];
  const fewer = `示波器带宽怎么选？${tag}`;
  const more = `样片怎么申请？${tag}`;
  await ask(page.request, a, live.id, fewer);
  const moreId = await ask(page.request, b, live.id, more);
  const vote = await page.request.post(`/api/live/chat/vote/${moreId}`, {
    headers: { authorization: `Bearer ${a}` },
  });
  expect(((await vote.json()) as { code: number }).code).toBe(200);

  await loginPage(page, MODERATOR);
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '直播问答' }).click();
  await chooseOption(page, page.getByRole('combobox', { name: '选择直播' }), live.title);
  const rows = page.locator('.ant-table-row');
  const mine = rows.filter({ hasText: tag });
  await expect(mine).toHaveCount(2);
  // Most votes first.
  await expect(mine.first()).toContainText(more);
  const row = rows.filter({ hasText: more });
  await row.getByRole('button', { name: '已回答' }).click();
  await page.getByLabel('输入回答').fill(`在企业专区填写申请表 ${tag}`);
  await page.getByRole('button', { name: '保存回答' }).click();
  await expect(page.locator('.ant-message')).toContainText('已回答');
  await expect(row).toContainText(`在企业专区填写申请表 ${tag}`);
  await row.getByRole('button', { name: '置顶', exact: true }).click();
  await expect(page.locator('.ant-message')).toContainText('已置顶');
  await expect(row.getByRole('button', { name: '取消置顶' })).toBeVisible();

  await page.goto(`/livedetail?id=${live.id}`);
  await islandReady(page.locator('.live-chat'));
  const pinned = page.locator('.live-chat .chat-pinned li', { hasText: more });
  await expect(pinned.locator('.answer')).toHaveText(`已回答在企业专区填写申请表 ${tag}`);
});

test('the admin makes the editor host of a broadcast; the editor’s 直播问答 opens it as theirs', async ({
  page,
  request,
}) => {
  const admin = await tokenFor(request, ADMIN);
  const title = `示波器探头选型直播 ${Date.now().toString(36)}`;
  // On air from a moment ago: begun, so 直播问答 offers it; the latest start, so no other test's
  // "first broadcast on air".
  const start = Date.now() - 10_000;
  const created = await call<{ id: number }>(request, admin, 'post', '/api/admin/live/create', {
    title,
    description: '无源探头、有源探头与差分探头的选型。',
    speaker: '陈工',
    startAt: new Date(start).toISOString(),
    endAt: new Date(start + 2 * 3_600_000).toISOString(),
    streamUrl: demoLiveMedia(2),
  });
  expect(created.code, created.message).toBe(200);

  await loginPage(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '直播管理' }).click();
  const row = page.locator('tr', { hasText: title });
  await expect(row).toContainText('—');
  await row.getByRole('button', { name: '编辑' }).click();
  const drawer = page.locator('.ant-drawer');
  await chooseOption(page, drawer.getByRole('combobox', { name: '主持人' }), '林雨桐（编辑）');
  await drawer.getByRole('button', { name: '保存直播' }).click();
  await expect(page.locator('.ant-message')).toContainText('直播已保存');
  await expect(page.locator('tr', { hasText: title })).toContainText('林雨桐');

  await page.context().clearCookies();
  await loginPage(page, EDITOR);
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '直播问答' }).click();
  // Theirs opens by itself, named as theirs.
  await expect(page.locator('.ant-select-selection-item')).toContainText(`${title}（`);
  await expect(page.locator('.ant-select-selection-item')).toContainText('我主持');
});
