/**
 * `npm run screenshots`: every page type at 360 px (a phone) and 1366 px (a
 * laptop), as a visitor and, for the login-required pages, as the demo member,
 * written to docs/screenshots/<name>-<width>.jpg for review. It serves the
 * current build (run `npm run build` first) on a fresh demo database on a
 * loopback port, in Debian's Chromium.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM } from './bench-browser.ts';

const PORT = Number(process.env.SCREENSHOT_PORT ?? 4460);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = 'docs/screenshots';
const WIDTHS = [360, 1366] as const;
const MEMBER = { mobile: '13800138001', password: 'Demo@2026' };
/** `ONLY=home,live npm run screenshots` takes just those pages. */
const ONLY = new Set((process.env.ONLY ?? '').split(',').filter(Boolean));
const wanted = (name: string) => ONLY.size === 0 || ONLY.has(name);

/** Public page types: name → path (ids are the demo seed's first items). */
const PUBLIC: Record<string, string> = {
  home: '/',
  articlelist: '/articles',
  article: '/article/1',
  live: '/live',
  livedetail: '/live/1',
  column: '/column',
  bigcolumn: '/bigcolumn?id=1',
  columndetail: '/columndetail?id=1',
  courselist: '/courses',
  course: '/coursedetail?id=1',
  learningtools: '/learningtools',
  shortvideo: '/shortvideo',
  shortvideodetail: '/short/1',
  videodetail: '/video/1',
  tool: '/tool/divider?vin=12&r1=10000&r2=3300',
  // Issue 24: a result past the part's limits warns; the Smith chart draws the load.
  'tool-ldo': '/tool/ldo?vin=12&vout=5&iout=500&iq=1&theta=60&ta=25',
  'tool-smith': '/tool/smith?r=25&x=25&z0=50',
  // Issue 24: the resources list (its last page holds the oldest files) and a course's files.
  resources: '/resources/page/2',
  'course-materials': '/course/4#materials',
  searchlist: '/searchlist?word=%E7%94%B5%E6%BA%90',
  notice: '/notificationdetail?id=1',
  aboutus: '/aboutus',
  termofservice: '/termofservice',
  privacypolicy: '/privacypolicy',
  forgetpass: '/forgetpass',
};
/** Login-required page types, shown as the demo member. */
const MEMBER_PAGES: Record<string, string> = {
  'usercenter-mysubscrible': '/usercenter/mysubscrible',
  'usercenter-mycollect': '/usercenter/mycollect',
  'usercenter-mycomplete': '/usercenter/mycomplete',
  'usercenter-mystudy': '/usercenter/mystudy',
  'usercenter-mycomment': '/usercenter/mycomment',
  'usercenter-mymsg': '/usercenter/mymsg',
  'usercenter-mypublish': '/usercenter/mypublish',
  'usercenter-myorder': '/usercenter/myorder',
  'usercenter-mysetting': '/usercenter/mysetting',
  notification: '/notification',
  checkout: '/checkout?courseId=1',
  payrecord: '/payrecord',
  redemptioncode: '/redemptioncode',
  safesetting: '/safesetting',
  exam: '/exam?id=1',
};

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(BASE + '/')).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function shoot(ctx: BrowserContext, name: string, path: string, width: number) {
  const page = await ctx.newPage();
  const res = await page.goto(BASE + path, { waitUntil: 'networkidle' });
  if (!res || res.status() >= 400) throw new Error(`${path} answered ${res?.status()}`);
  // Overlay pop-ups would hide the page under review; they have their own tests.
  await page.addStyleTag({
    content: '.center-ad, .notice-popup, .window-ad { display: none !important; }',
  });
  await page.waitForTimeout(300);
  // A viewport as tall as the page paints everything at once (a full-page capture of a
  // short viewport leaves images below the fold unpainted in headless Chromium).
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height: Math.min(height, 16000) });
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(OUT, `${name}-${width}.jpg`), type: 'jpeg', quality: 50 });
  await page.close();
}

const dir = mkdtempSync(join(tmpdir(), 'xxt-shots-'));
const server = spawn(process.execPath, ['src/server/http/main.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    XXT_MODE: 'demo',
    DATABASE_URL: `file:${join(dir, 'shots.db')}`,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  await waitForServer();
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch(CHROMIUM);
  for (const width of WIDTHS) {
    const viewport = { width, height: width < 700 ? 740 : 800 };
    const visitor = await browser.newContext({
      viewport,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    for (const [name, path] of Object.entries(PUBLIC))
      if (wanted(name)) await shoot(visitor, name, path, width);
    await visitor.close();
    const member = await browser.newContext({
      viewport,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    const login = await member.request.post(BASE + '/api/user/login', { form: MEMBER });
    if (((await login.json()) as { code: number }).code !== 200)
      throw new Error('demo login failed');
    await member.request.get(BASE + '/api/notice/qryUserNotice');
    for (const [name, path] of Object.entries(MEMBER_PAGES))
      if (wanted(name)) await shoot(member, name, path, width);
    await member.close();
  }
  await browser.close();
  console.log(`screenshots written to ${OUT}/`);
} finally {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
