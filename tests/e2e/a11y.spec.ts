/**
 * Issue 29: axe-core (WCAG 2.0 A/AA, 2.1 AA, 2.2 AA) finds nothing on any page type of the
 * route table (spec 2), at a phone's 360 px and a laptop's 1366 px, for a visitor and for a
 * member, with the login dialog open, and with the overlay ads (corner windows, centre pop-up)
 * and a member's pop-up notice shown. One test per page and width, failing with every finding
 * as page · rule · target.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeFindings, expectNoFindings, visit } from './a11y-support.ts';
import { ADMIN, call, loginFresh, tokenFor } from './members-support.ts';
import { asOwnClient, firstInput } from './support.ts';

type Row = { id: number; free?: boolean; type?: number };
type Resolve = (request: APIRequestContext) => Promise<string>;

async function list(request: APIRequestContext, api: string): Promise<Row[]> {
  const body = (await (await request.get(api)).json()) as { data: { list: Row[] } };
  return body.data.list;
}

const courses = (request: APIRequestContext) => list(request, '/api/course/list?size=50');
async function bigColumn(request: APIRequestContext) {
  const big = (await (await request.get('/api/index/classifyIndexList')).json()) as {
    data: { list: { id: number; classifies: { id: number }[] }[] };
  };
  return big.data.list[0]!;
}
const fixed =
  (path: string): Resolve =>
  () =>
    Promise.resolve(path);

/**
 * Every public page type (one test each, so a slow machine spends the default time on one
 * page, not on the whole list), with real ids from the public API. `member` marks the ones
 * also scanned for a member: public pages differ for a member in the header and per-member
 * islands, so one of each kind.
 */
const PUBLIC: { name: string; path: Resolve; member?: true }[] = [
  { name: '首页', path: fixed('/'), member: true },
  { name: '文章列表', path: fixed('/articles') },
  // Its code block scrolls sideways at 360 px.
  { name: '文章 1', path: fixed('/article/1'), member: true },
  {
    name: '文章',
    path: async (r) => `/article/${(await list(r, '/api/article/list?type=2&size=1'))[0]!.id}`,
  },
  { name: '课程列表', path: fixed('/courses') },
  {
    name: '付费课程',
    path: async (r) => `/course/${(await courses(r)).find((c) => !c.free)!.id}`,
    member: true,
  },
  { name: '考试', path: async (r) => `/exam/${(await courses(r))[0]!.id}` },
  { name: '专栏', path: fixed('/column') },
  { name: '大专栏', path: async (r) => `/bigcolumn/${(await bigColumn(r)).id}` },
  { name: '栏目', path: async (r) => `/column/${(await bigColumn(r)).classifies[0]!.id}` },
  { name: '直播列表', path: fixed('/live') },
  {
    name: '直播',
    path: async (r) => `/live/${(await list(r, '/api/index/liveBroadCast/list'))[0]!.id}`,
    member: true,
  },
  {
    name: '精选视频',
    path: async (r) => `/video/${(await list(r, '/api/index/videoHotList'))[0]!.id}`,
    member: true,
  },
  { name: '短视频列表', path: fixed('/shortvideo') },
  {
    name: '短视频',
    path: async (r) => `/short/${(await list(r, '/api/index/shortVideoRecommend'))[0]!.id}`,
    member: true,
  },
  { name: '学习工具', path: fixed('/learningtools') },
  { name: 'LED 工具', path: fixed('/tool/led'), member: true },
  { name: '史密斯圆图', path: fixed('/tool/smith') },
  { name: '资料下载', path: fixed('/resources') },
  {
    name: '会员主页',
    path: async (r) => {
      const [first] = await list(r, '/api/challenge/list');
      const detail = (await (await r.get(`/api/challenge/detail?id=${first!.id}`)).json()) as {
        data: { gallery: { authorId: number }[] };
      };
      return `/member/${detail.data.gallery[0]!.authorId}`;
    },
  },
  { name: '搜索', path: fixed('/searchlist?word=STM32') },
  { name: '搜索资料', path: fixed('/searchlist?word=STM32&type=resource') },
  { name: '关于我们', path: fixed('/aboutus') },
  { name: '关于我们 1', path: fixed('/aboutus/1') },
  { name: '服务条款', path: fixed('/termofservice') },
  { name: '隐私政策', path: fixed('/privacypolicy') },
  { name: '注册', path: fixed('/regeister?code=ABCD2345') },
  { name: '短信登录', path: fixed('/smsphonenumber') },
  { name: '找回密码', path: fixed('/forgetpass') },
];

/** The login-only page types (spec 2) and the checkout of a paid course and of a kit. */
const MEMBER_ONLY: { name: string; path: Resolve }[] = [
  ...[
    'mysubscrible',
    'mycollect',
    'mycomplete',
    'mystudy',
    'mycomment',
    'mynote',
    'mymsg',
    'mypublish',
    'newpublish',
    'mysetting',
    'myorder',
    'mycoupon',
  ].map((t) => ({ name: `个人中心 ${t}`, path: fixed(`/usercenter/${t}`) })),
  { name: '消息', path: fixed('/notification') },
  { name: '消息详情', path: fixed('/notificationdetail?id=1') },
  { name: '支付记录', path: fixed('/payrecord') },
  { name: '兑换码', path: fixed('/redemptioncode') },
  { name: '安全设置', path: fixed('/safesetting') },
  {
    name: '课程结算',
    path: async (r) =>
      `/checkout?courseId=${(await courses(r)).find((c) => !c.free && c.type !== 4)!.id}`,
  },
  {
    name: '套件结算',
    path: async (r) =>
      `/checkout?courseId=${(await courses(r)).find((c) => !c.free && c.type === 4)!.id}`,
  },
];

/** Publishes a pop-up notice as staff (every member sees it on their next page). */
async function publishPopupNotice(request: APIRequestContext, title: string): Promise<void> {
  const token = await tokenFor(request, ADMIN);
  const cats = (await (await request.get('/api/notice/category')).json()) as {
    data: { list: { id: number }[] };
  };
  const created = await call(request, token, 'post', '/api/admin/notice/create', {
    categoryId: String(cats.data.list[0]!.id),
    title,
    content: '<p>今晚 23:00 维护，请提前保存。</p>',
    popup: '1',
  });
  expect(created.code).toBe(200);
}

// The scans are independent: spread them over the workers.
test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

for (const width of [360, 1366]) {
  test.describe(`at ${width} px`, () => {
    // Carousels hold still (prefers-reduced-motion), so each scan sees one steady page.
    test.use({ viewport: { width, height: 800 }, reducedMotion: 'reduce' });

    for (const kind of PUBLIC)
      test(`${kind.name}, for a visitor`, async ({ page }) => {
        const path = await kind.path(page.request);
        await visit(page, path);
        expectNoFindings(await axeFindings(page, `访客 ${width}px ${path}`));
      });

    for (const kind of [...MEMBER_ONLY, ...PUBLIC.filter((p) => p.member)])
      test(`${kind.name}, for a member`, async ({ page }) => {
        await loginFresh(page);
        const path = await kind.path(page.request);
        await visit(page, path);
        expectNoFindings(await axeFindings(page, `会员 ${width}px ${path}`));
      });

    test('the login dialog', async ({ page }) => {
      await visit(page, '/');
      await page.locator('header [data-login]').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expectNoFindings(await axeFindings(page, `访客 ${width}px 登录对话框`));
    });

    test('overlay ads and the pop-up notice', async ({ page, request }) => {
      // Overlays skip automated browsers; present as an ordinary one. The clock stands still,
      // so the centre pop-up does not count itself away during the scan.
      await page.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
      );
      // axe itself needs running timers: the page keeps the real ones (saved before the clock
      // is installed) and hands them back for the scan; the pop-up's countdown stays frozen.
      await page.addInitScript(() => {
        const w = window as unknown as Record<string, unknown>;
        w.__realTimers = [window.setTimeout, window.clearTimeout];
      });
      const t0 = new Date('2026-11-21T10:00:00+08:00').getTime();
      await page.clock.install({ time: t0 });
      await page.clock.pauseAt(t0 + 1000);
      await page.goto('/articles');
      await firstInput(page);
      await expect(page.locator('[data-ad-popup]')).toBeVisible();
      if (width >= 1024) await expect(page.locator('[data-ad-window]')).toHaveCount(2);
      await page.clock.runFor(600); // the script window's frame is filled after 500 ms
      await page.evaluate(() => {
        const w = window as unknown as Record<string, unknown>;
        [w.setTimeout, w.clearTimeout] = w.__realTimers as unknown[];
      });
      // The page with its overlays, frozen; the script ad's frame (whose own clock is frozen
      // too, where axe would wait forever) is scanned next, with the clock running again.
      const findings = await axeFindings(page, `${width}px 浮层广告`, { frames: false });
      await page.clock.resume();
      if (width >= 1024)
        findings.push(
          ...(await axeFindings(page, `${width}px 脚本窗口广告`, {
            include: '[data-ad-window="1"]',
          })),
        );

      // A member's pop-up notice: the page loginFresh ends on takes waiting pop-ups first.
      const taken = page.waitForResponse((r) => r.url().includes('/api/notice/qryUserNotice'));
      await loginFresh(page);
      await taken;
      const title = `无障碍检查公告 ${width} ${Date.now()}`;
      await publishPopupNotice(request, title);
      await page.goto('/');
      await expect(page.getByRole('dialog', { name: title })).toBeVisible();
      findings.push(...(await axeFindings(page, `${width}px 公告弹窗`)));
      expectNoFindings(findings);
    });
  });
}
