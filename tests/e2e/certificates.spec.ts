/**
 * Certificates (结业证书, issue 28) in Chromium: a member completes a course (a short one staff
 * made for the test, watched through the player's own calls), finds the certificate in 我的完成,
 * and its public page opens in another browser without a login: name, course, date, issuer, QR
 * code, PDF. Revoked by staff, the page says so at once; an unknown number is a 404 page.
 */
import { expect, test } from '@playwright/test';
import { axeFindings, expectNoFindings } from './a11y-support.ts';
import { ADMIN, call, loginFresh, tokenFor } from './members-support.ts';
import { asOwnClient } from './support.ts';

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
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

test('an unknown certificate number is a 404 page, not an error', async ({ page }) => {
  const res = await page.goto('/cert/XXT-2026-0000000000');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '证书不存在' })).toBeVisible();
  const odd = await page.goto('/cert/not-a-number');
  expect(odd?.status()).toBe(404);
});
