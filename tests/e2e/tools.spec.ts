/** Learning tools in Chromium (issue 15): shared links, results as you type, and the tools list. */
import { expect, test } from '@playwright/test';
import { hydrated } from './support.ts';

test('the LED tool reads a shared link, recomputes as you type and writes the URL back', async ({
  page,
}) => {
  await page.goto('/tool/led?vs=5&vf=2&if=20');
  await hydrated(page);
  const result = page.locator('[data-result]');
  await expect(result).toContainText('选用阻值（E24）150 Ω');
  await expect(result).toContainText('建议额定功率1/8 W');
  await page.getByLabel('电源电压 Vs').fill('12');
  await expect(result).toContainText('选用阻值（E24）510 Ω');
  await expect(page).toHaveURL(/[?&]vs=12(&|$)/);
  await page.getByLabel('LED 电流 If').fill('0');
  await expect(page.getByRole('alert')).toHaveText('If：请输入大于 0 的数值');
  // Shared again: the link carries the state.
  await page.getByLabel('LED 电流 If').fill('10');
  // The link is written back as you type; reload only once it holds the new value.
  await expect(page).toHaveURL(/[?&]if=10(&|$)/);
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel('电源电压 Vs')).toHaveValue('12');
  await expect(result).toContainText('选用阻值（E24）1 kΩ');
});

test('every tool on /learningtools opens its calculator on the site', async ({ page }) => {
  await page.goto('/learningtools');
  const internal = page.locator('a[href^="/tool/"]');
  const hrefs = await internal.evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThanOrEqual(10);
  for (const href of hrefs) {
    const res = await page.request.get(href);
    expect(res.status(), href).toBe(200);
  }
  await internal.first().click();
  await expect(page).toHaveURL(/\/tool\//);
  await expect(page.locator('[data-result] dd').first()).toBeVisible();
  expect(await page.locator('a[href="/tool/led"]').count()).toBeGreaterThan(0);
});

test('the trace-width tool gives IPC-2221 widths for inner and outer layers', async ({ page }) => {
  await page.goto('/tool/trace-width?i=1&dt=10&oz=1&layer=external');
  await hydrated(page);
  await expect(page.locator('[data-result]')).toContainText('11.8 mil（0.300 mm）');
  await page.getByLabel('层').selectOption('internal');
  await expect(page.locator('[data-result]')).toContainText('30.8 mil');
});

for (const width of [360, 1366])
  test(`the LDO tool warns when the junction passes the part's Tj(max), at ${width} px (issue 24)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/tool/ldo?vin=12&vout=5&iout=500&iq=1&theta=60&ta=25');
    await hydrated(page);
    const warnings = page.locator('[data-warnings]');
    await expect(warnings).toHaveText(
      '警告：结温 235.7 °C 超过器件最高结温 125 °C：功耗 3.512 W 超过此散热条件下允许的 1.667 W，器件会过热保护或损坏。请降低压差或负载电流、改善散热，或改用开关稳压器。',
    );
    await expect(warnings).toBeVisible();
    // A part rated for 150 °C with better cooling: the warning goes away as you type.
    await page.getByLabel('热阻 θJA').fill('25');
    await expect(page.locator('[data-result]')).toContainText('结温 Tj112.8 °C');
    await expect(warnings).toHaveCount(0);
    // Too little headroom for the part's dropout.
    await page.getByLabel('输入电压 Vin').fill('5.1');
    await expect(page.locator('[data-warnings]')).toHaveText(
      '警告：输入输出压差 0.10 V 小于器件压差 0.3 V：LDO 无法稳压，输出会低于 5 V。',
    );
  });

for (const width of [360, 1366])
  test(`every tool on /learningtools shows an icon that draws, at ${width} px (issue 24)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/learningtools');
    const cards = page.locator('.tools li');
    expect(await cards.count()).toBeGreaterThanOrEqual(11);
    for (const card of await cards.all()) {
      const icon = card.locator('.icon');
      await icon.scrollIntoViewIfNeeded();
      await expect(icon).toBeVisible();
      const drawn = await icon.evaluate((el) => {
        if (el instanceof HTMLImageElement) return el.complete && el.naturalWidth > 0;
        const box = (el as SVGSVGElement).getBBox();
        // In the 24 × 24 view box: something of at least an eighth of it drawn both ways.
        return el.childElementCount > 0 && box.width >= 3 && box.height >= 3;
      });
      expect(drawn, await card.locator('strong').innerText()).toBe(true);
    }
    // No broken image anywhere on the page.
    const broken = await page
      .locator('img')
      .evaluateAll((imgs) =>
        (imgs as HTMLImageElement[])
          .filter((i) => i.complete && i.naturalWidth === 0)
          .map((i) => i.src),
      );
    expect(broken).toEqual([]);
  });

for (const width of [360, 1366])
  test(`the Smith chart tool computes Γ and VSWR and draws the load on the chart, at ${width} px (issue 24)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/learningtools');
    const entry = page.getByRole('link', { name: '在线 Smith 圆图' });
    await expect(entry).toHaveAttribute('href', '/tool/smith');
    await page.goto('/tool/smith?r=25&x=25&z0=50');
    await hydrated(page);
    const result = page.locator('[data-result]');
    await expect(result).toContainText('反射系数 Γ−0.2 + j0.4');
    await expect(result).toContainText('|Γ| ∠ 角度0.4472 ∠ 116.57°');
    await expect(result).toContainText('驻波比 VSWR2.618');
    await expect(result).toContainText('回波损耗 RL6.99 dB');
    const chart = page.locator('svg[data-smith-chart]');
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toBeVisible();
    // The constant-r circles and the constant-x arcs (both signs) are drawn.
    await expect(chart.locator('circle[data-r]')).toHaveCount(5);
    await expect(chart.locator('circle[data-x]')).toHaveCount(10);
    const point = chart.locator('[data-point]');
    await expect(point).toHaveAttribute('cx', '-0.2');
    await expect(point).toHaveAttribute('cy', '-0.4');
    // The point is drawn where Γ is: left of and above the chart's centre, inside the circle.
    const [box, dot] = [await chart.boundingBox(), await point.boundingBox()];
    const centre = { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
    const scale = box!.width / 2.3;
    expect(dot!.x + dot!.width / 2).toBeCloseTo(centre.x - 0.2 * scale, -1);
    expect(dot!.y + dot!.height / 2).toBeCloseTo(centre.y - 0.4 * scale, -1);
    await expect(page.getByRole('img', { name: 'Smith 圆图：z = 0.5 + j0.5' })).toBeVisible();

    // A matched load moves the point to the centre as you type.
    await page.getByLabel('电阻 R').fill('50');
    await page.getByLabel('电抗 X（感性为正，容性为负）').fill('0');
    await expect(result).toContainText('驻波比 VSWR1.000');
    await expect(point).toHaveAttribute('cx', '0');
    await expect(point).toHaveAttribute('cy', '0');
    await page.getByLabel('电阻 R').fill('-5');
    await expect(page.getByRole('alert')).toHaveText('电阻 R：无源负载的电阻不能为负数');
    await expect(chart).toHaveCount(0);
  });
