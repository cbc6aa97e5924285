/**
 * Certificates (issue 28) with the console, in Chromium: a member completes a course (a short one
 * staff made for the test, watched through the player's own calls), finds the certificate in
 * 我的完成, and its page opens in another browser without a login; revoked by staff, the page
 * says so at once. In 证书管理 staff find a seeded certificate by its number and revoke it; an
 * empty reason is refused in the dialog; the revocation is in 操作日志. (In the console's project:
 * a course made here would change the course lists the site's tests read.)
 */
import { expect, test } from '@playwright/test';
import { expectAudited } from './console-support.ts';
import { axeFindings, expectNoFindings } from './a11y-support.ts';
import { ADMIN, call, loginFresh, loginPage, tokenFor } from './members-support.ts';
import { asOwnClient } from './support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

test('staff revoke a certificate with a reason; its page says so', async ({ page, request }) => {
  const admin = await tokenFor(request, ADMIN);
  const all = await call<{
    list: { number: string; courseTitle: string; revokedAt: string | null }[];
  }>(request, admin, 'get', '/api/admin/certificate/list', { size: '50' });
  // The demo's certificate of 全国大学生电子设计竞赛备赛指南 (no other test revokes it).
  const seeded = all.data.list.find((c) => c.courseTitle.startsWith('全国大学生电子设计竞赛'))!;
  expect(seeded.revokedAt).toBeNull();

  await loginPage(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: '证书管理' }).click();
  const search = page.getByLabel('按证书编号查找');
  await search.fill(seeded.number);
  await search.press('Enter');
  const row = page.locator('.ant-table-row', { hasText: seeded.number });
  await expect(row).toContainText('有效');
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await row.getByRole('button', { name: `撤销证书 ${seeded.number}` }).click();
  const dialog = page.getByRole('dialog', { name: `撤销证书 ${seeded.number}` });
  await expect(dialog.getByLabel('撤销原因')).toBeEditable();
  await dialog.getByRole('button', { name: '撤销' }).click();
  await expect(dialog.getByText('请填写撤销原因（1到200个字）')).toBeVisible();
  await dialog.getByLabel('撤销原因').fill('获奖信息核实有误');
  await dialog.getByRole('button', { name: '撤销' }).click();
  await expect(page.getByText('证书已撤销')).toBeVisible();
  await expect(row).toContainText('已撤销：获奖信息核实有误');
  await expect(row.getByRole('button', { name: `撤销证书 ${seeded.number}` })).toBeDisabled();

  const publicPage = await page.context().newPage();
  await publicPage.goto(`/cert/${seeded.number}`);
  await expect(publicPage.locator('[data-state]')).toHaveText('已撤销');
  await expect(publicPage.getByRole('alert')).toContainText('获奖信息核实有误');
  await publicPage.close();
  await expectAudited(page, '/api/admin/certificate/revoke');
});

test('a member completes a course; its certificate opens from another browser without a login', async ({
  page,
  browser,
  request,
}) => {
  const admin = await tokenFor(request, ADMIN);
  const hot = (await (await request.get('/api/index/classifyHotList')).json()) as {
    data: { list: { id: number }[] };
  };
  const columns = hot.data.list;
  const title = `PCB 叠层速成 ${Date.now().toString(36)}`;
  const created = await call<{ id: number }>(request, admin, 'post', '/api/admin/course/create', {
    classifyId: String(columns[0]!.id),
    title,
    summary: '两秒钟的结业测试课',
    description: '四层板叠层与参考平面。',
    teacher: '林工',
    type: '1',
    priceCents: '0',
    published: '1',
  });
  expect(created.code, created.message).toBe(200);
  const lesson = await call<{ id: number }>(request, admin, 'post', '/api/admin/lesson/create', {
    courseId: String(created.data.id),
    title: '叠层与阻抗',
    videoUrl: 'https://media.example.com/demo/stackup-2s.m3u8',
    durationSeconds: '2',
  });
  expect(lesson.code, lesson.message).toBe(200);

  // The member watches the lesson through the player's calls: the report is accepted once the
  // two seconds have passed (the server refuses more media time than has elapsed).
  await loginFresh(page);
  const key = (await (
    await page.request.post('/api/duration/key', { form: { lessonId: String(lesson.data.id) } })
  ).json()) as { code: number; data: { key: string } };
  expect(key.code).toBe(200);
  await expect
    .poll(async () => {
      const r = await page.request.post('/api/duration/add', {
        form: { key: key.data.key, from: '0', to: '2', position: '2' },
      });
      return ((await r.json()) as { data: { courseCompleted?: boolean } | null }).data
        ?.courseCompleted;
    })
    .toBe(true);

  await page.goto('/usercenter/mycomplete');
  const item = page.locator('[data-certificates] li', { hasText: title });
  await expect(item).toContainText(/编号 XXT-\d{4}-/);
  await item.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/cert\/XXT-\d{4}-[0-9A-Z]{10}$/);
  const number = page.url().split('/cert/')[1]!;
  const holder = (await page.locator('[data-holder]').innerText()).trim();
  expect(holder).toMatch(/^用户/);

  // Another browser, no login: the same certificate.
  const other = await browser.newContext();
  const visitor = await other.newPage();
  const res = await visitor.goto(`/cert/${number}`);
  expect(res?.status()).toBe(200);
  const cert = visitor.locator(`[data-cert="${number}"]`);
  await expect(cert.getByRole('heading', { name: '结业证书' })).toBeVisible();
  await expect(cert.locator('[data-holder]')).toHaveText(holder);
  await expect(cert).toContainText(title);
  await expect(cert).toContainText('芯学堂');
  await expect(cert.locator('[data-state]')).toHaveText('有效');
  await expect(cert.getByRole('img', { name: /本页地址的二维码/ }).locator('svg')).toBeVisible();
  expectNoFindings(await axeFindings(visitor, `证书页 ${number}`));
  const pdf = await visitor.request.get(`/api/certificate/pdf?number=${number}`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Revoked by staff: the page says so on the next request.
  const list = await call<{ list: { id: number; number: string }[] }>(
    request,
    admin,
    'get',
    '/api/admin/certificate/list',
    { number },
  );
  const revoked = await call(request, admin, 'post', '/api/admin/certificate/revoke', {
    id: String(list.data.list[0]!.id),
    reason: '课程内容更新，需重新学习',
  });
  expect(revoked.code, revoked.message).toBe(200);
  await visitor.reload();
  await expect(cert.locator('[data-state]')).toHaveText('已撤销');
  await expect(cert.getByRole('alert')).toContainText('撤销：课程内容更新，需重新学习');
  await other.close();
});
