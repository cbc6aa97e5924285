/**
 * A local Kuaidi100 for demo mode and tests (the edge of the system): it
 * checks the customer and the MD5 signature exactly as the real service does
 * and answers plausible steps derived from the waybill number, so every
 * demo waybill tells a consistent story from pick-up to delivery.
 */
import { Hono } from 'hono';
import { COURIERS } from './types.ts';
import { kuaidi100Sign } from './kuaidi100.ts';

export interface FakeKuaidi100 {
  app: Hono;
  /** Queries answered (tests count them: one per waybill per 30 minutes). */
  queries: { com: string; num: string }[];
}

const ROUTE = [
  ['深圳市', '【深圳市】顺丰速运 已收取快件，揽收员：李师傅'],
  ['深圳市', '【深圳市】快件已到达 深圳宝安集散中心'],
  ['深圳市', '【深圳市】快件已从 深圳宝安集散中心 发出，准备发往 北京顺义集散中心'],
  ['北京市', '【北京市】快件已到达 北京顺义集散中心'],
  ['北京市', '【北京市】快件已到达 北京海淀中关村营业点'],
  ['北京市', '【北京市】快件交给王师傅，正在派送途中（联系电话：137****5521）'],
] as const;

/** China time text "yyyy-MM-dd HH:mm:ss" of a Date. */
function chinaText(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function createFakeKuaidi100(opts: {
  customer: string;
  key: string;
  now?: () => number;
}): FakeKuaidi100 {
  const app = new Hono();
  const queries: FakeKuaidi100['queries'] = [];
  const now = opts.now ?? Date.now;
  app.post('/poll/query.do', async (c) => {
    const form = await c.req.parseBody();
    const customer = String(form.customer ?? '');
    const param = String(form.param ?? '');
    const sign = String(form.sign ?? '');
    if (customer !== opts.customer)
      return c.json({ result: false, returnCode: '601', message: 'POLL:KEY已过期或账号不存在' });
    if (sign !== kuaidi100Sign(param, opts.key, customer))
      return c.json({ result: false, returnCode: '408', message: '签名错误' });
    let p: { com?: string; num?: string; phone?: string };
    try {
      p = JSON.parse(param) as typeof p;
    } catch {
      return c.json({ result: false, returnCode: '400', message: '参数错误' });
    }
    const com = p.com ?? '';
    const num = p.num ?? '';
    queries.push({ com, num });
    if (!COURIERS.some((x) => x.code === com))
      return c.json({ result: false, returnCode: '400', message: '找不到对应公司' });
    if (!/^[A-Za-z0-9]{6,32}$/.test(num))
      return c.json({ result: false, returnCode: '500', message: '查询无结果，请隔段时间再查' });
    if (com === 'shunfeng' && !/^\d{4}$/.test(p.phone ?? ''))
      return c.json({
        result: false,
        returnCode: '408',
        message: '顺丰单号需要收/寄件人手机号后四位',
      });
    // The waybill's digits decide how far along it is: 2 to 6 steps, an hour or more apart.
    const digits = num.replace(/\D/g, '');
    const seed = Number(digits.slice(-4) || '0');
    const count = 2 + (seed % 5);
    const start = now() - count * 5 * 3600_000;
    const steps = ROUTE.slice(0, count)
      .map(([area, context], i) => ({
        time: chinaText(new Date(start + i * (4 + (seed % 3)) * 3600_000)),
        ftime: chinaText(new Date(start + i * (4 + (seed % 3)) * 3600_000)),
        context: com === 'shunfeng' ? context : context.replace('顺丰速运', '快递员'),
        location: area,
        areaName: area,
      }))
      .reverse();
    return c.json({
      message: 'ok',
      nu: num,
      ischeck: '0',
      com,
      status: '200',
      condition: 'F00',
      state: count >= 6 ? '5' : count <= 1 ? '1' : '0',
      data: steps,
    });
  });
  return { app, queries };
}
