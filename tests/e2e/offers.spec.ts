/**
 * Offer prices in Chromium (issue 27), demo mode: the seeded 限时特惠 on the 软考 course shows
 * on its cached page with the list price struck and a running countdown, the buy button and
 * the checkout say the offer price (and so does its card in the course list), and the order and 我的订单 record how it was reached; the
 * LoRa course's 新人首单价 shows as a note, and a new member's checkout charges it.
 */
import { expect, test, type Page } from '@playwright/test';
import { loginFresh } from './members-support.ts';
import { asOwnClient, hydrated } from './support.ts';
import { axeFindings, expectNoFindings } from './a11y-support.ts';

// New members from an address of their own: the SMS limit per address is shared by every spec.
test.beforeEach(async ({ context }) => {
  await asOwnClient(context);
});

interface CourseRow {
  id: number;
  title: string;
}

async function courseId(page: Page, start: string): Promise<number> {
  const res = await page.request.get('/api/course/list?size=50');
  const { data } = (await res.json()) as { data: { list: CourseRow[] } };
  return data.list.find((c) => c.title.startsWith(start))!.id;
}

/** The price island has hydrated (the course page's lower islands wait to be scrolled to). */
async function offerHydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island:not([ssr]) .offer-price')).toBeVisible();
}

test('a 限时特惠 on the course page, at checkout and on the order', async ({ page }) => {
  const id = await courseId(page, '嵌入式系统设计师');
  await page.goto(`/course/${id}`);
  await offerHydrated(page);
  const offer = page.locator('.offer-price');
  await expect(offer.locator('.price')).toHaveText('限时特惠 ¥129.00 ¥199.00');
  await expect(offer.locator('s')).toHaveText('¥199.00');
  // Seeded to end five days after the seed: 4 days and some hours are left.
  await expect(offer.getByRole('timer')).toHaveText(/^距结束 4 天 \d\d:\d\d:\d\d$/);
  await expect(page.getByRole('link', { name: '立即购买 ¥129.00' })).toBeVisible();
  expectNoFindings(await axeFindings(page, '限时特惠课程页'));
  // Its card in the course list says the offer too.
  await page.goto(`/courselist?word=${encodeURIComponent('嵌入式系统设计师')}`);
  const card = page.locator('.course-card', { hasText: '嵌入式系统设计师' });
  await expect(card.locator('[data-offer]')).toHaveText('限时 ¥129.00 ¥199.00');

  await loginFresh(page);
  await page.goto(`/course/${id}`);
  await page.getByRole('link', { name: '立即购买 ¥129.00' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?courseId=${id}$`));
  await hydrated(page);
  await expect(page.locator('.checkout .price')).toHaveText('限时特惠 ¥129.00 ¥199.00');
  await page.getByLabel(/我已阅读并同意上述购买条款/).check();
  await page.getByRole('button', { name: '提交订单 ¥129.00' }).click();
  await expect(page.getByText(/订单号 XXT\d+/)).toContainText('应付 ¥129.00（限时特惠）');

  await page.goto('/usercenter/myorder');
  const row = page.locator('li[data-order]', { hasText: '嵌入式系统设计师' });
  await expect(row.locator('[data-amount]')).toHaveText('¥129.00');
  await expect(row.locator('[data-discount]')).toHaveText('（原价 ¥199.00，限时特惠 ¥129.00）');
});

test('a 新人首单价 shows as a note and a new member pays it', async ({ page }) => {
  const id = await courseId(page, 'LoRa');
  await page.goto(`/course/${id}`);
  await offerHydrated(page);
  await expect(page.locator('[data-first-order]')).toHaveText(
    '新人首单价 ¥9.90 · 未在本站付费购买过的会员，首单可享',
  );
  expectNoFindings(await axeFindings(page, '新人首单价课程页'));
  // Not everyone's price: the button keeps the list price.
  await expect(page.getByRole('link', { name: '立即购买 ¥69.00' })).toBeVisible();

  await loginFresh(page);
  await page.goto(`/checkout?courseId=${id}`);
  await hydrated(page);
  await expect(page.locator('.checkout .price')).toHaveText('新人首单价 ¥9.90 ¥69.00');
  await page.getByLabel(/我已阅读并同意上述购买条款/).check();
  await page.getByRole('button', { name: '提交订单 ¥9.90' }).click();
  await expect(page.getByText(/订单号 XXT\d+/)).toContainText('应付 ¥9.90（新人首单价）');
});
