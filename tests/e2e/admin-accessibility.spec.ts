/**
 * Issue 29 in the console: axe-core (WCAG 2.0 A/AA, 2.1 AA, 2.2 AA) finds nothing in any
 * section the demo admin opens from the menu, nor in each section's 新建 dialog or drawer, and
 * no control is named in English (antd's own "Close", "Increase Value", icon names); closing
 * a 新建 form with Escape gives focus back to its button.
 * One test per section, failing with every finding as section · rule · target.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeFindings, expectNoFindings } from './a11y-support.ts';
import { ADMIN, loginPage } from './members-support.ts';
import { asOwnClient } from './support.ts';

test.describe.configure({ mode: 'parallel' });

/**
 * Accessible names in English (antd names its close buttons, steppers and icons so whatever
 * its locale): every aria-label of the page without a Chinese character, as element "name".
 */
async function englishNames(page: Page, where: string): Promise<string[]> {
  const names = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[aria-label]'))
      .map((el) => [el.tagName.toLowerCase(), el.getAttribute('aria-label')!.trim()] as const)
      .filter(([, name]) => /[A-Za-z]{2,}/.test(name) && !/\p{Script=Han}/u.test(name))
      .map(([tag, name]) => `${tag} "${name}"`),
  );
  return names.map((n) => `${where} · English name · ${n}`);
}

test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

// The console's menu, in its order (src/console/AdminApp.tsx).
const SECTIONS = [
  '数据概览',
  '文章管理',
  '专栏管理',
  '课程管理',
  '课内练习',
  '课程标签',
  '直播管理',
  '短视频',
  '资源管理',
  '公告管理',
  '公告分类',
  '学习工具',
  '合作公司',
  '投稿审核',
  '直播问答',
  '评论管理',
  '会员管理',
  '证书管理',
  '广告管理',
  '订单管理',
  '兑换码',
  '操作日志',
  '后台任务',
];

for (const section of SECTIONS)
  test(`${section}: no axe finding, nor in its 新建 form, which gives focus back`, async ({
    page,
  }) => {
    await loginPage(page, ADMIN);
    await page.goto('/admin');
    await page.getByRole('menuitem', { name: section }).click();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    const findings = [
      ...(await axeFindings(page, `控制台 ${section}`)),
      ...(await englishNames(page, `控制台 ${section}`)),
    ];
    const create = page.getByRole('button', { name: /^新建/ }).first();
    if ((await create.count()) > 0) {
      await create.click();
      await expect(page.locator('.ant-modal, .ant-drawer-content').first()).toBeVisible();
      // Scanned as it stands once open, not half-faded in (its colours are mixed meanwhile).
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      );
      findings.push(
        ...(await axeFindings(page, `控制台 ${section} 新建`)),
        ...(await englishNames(page, `控制台 ${section} 新建`)),
      );
      // Escape closes it, and focus goes back to the button that opened it.
      await page.keyboard.press('Escape');
      await expect(page.locator('.ant-modal-wrap:visible, .ant-drawer-open')).toHaveCount(0);
      await expect(create).toBeFocused();
    }
    expectNoFindings(findings);
  });
