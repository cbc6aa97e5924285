/**
 * A local Kuaidi100 for demo mode and tests (the edge of the system): it
 * checks the customer and the MD5 signature exactly as the real service does
 * and answers the steps of the parcel's journey from the shop's warehouse
 * (深圳) to the address city, starting when the courier took it (the order's
 * shipped_at, from the `waybill` records) and only as far as the clock has
 * reached, so every demo waybill tells a consistent story up to 已签收.
 */
import { Hono } from 'hono';
import { COURIERS } from './types.ts';
import { kuaidi100Sign } from './kuaidi100.ts';

export interface FakeKuaidi100 {
  app: Hono;
  /** Queries answered (tests count them: one per waybill per 30 minutes). */
  queries: { com: string; num: string }[];
}

/** Where the demo shop's parcels leave from (its warehouse). */
export const DEMO_WAREHOUSE = { province: '广东省', city: '深圳市', district: '宝安区' } as const;

/** What the courier's own records say about a waybill: when it took the parcel, and where to. */
export interface Waybill {
  pickedUpAt: Date;
  to: { province?: string; city: string; district?: string };
}

export interface RouteStep {
  time: Date;
  context: string;
  location: string;
}

/** "北京市" → "北京"; "南山区" → "南山" (hub and outlet names use the short form). */
function short(place: string): string {
  return place.replace(/(市|区|县|自治州|地区)$/, '') || place;
}

/**
 * The whole journey of a parcel, oldest first: taken at the warehouse at
 * `pickedUpAt`, sorted at the origin hub, carried to the destination city's
 * hub (same-city parcels skip the trunk line), handed to the district outlet,
 * out for delivery, signed. Minutes vary with the waybill's digits.
 */
export function courierRoute(
  waybill: Waybill,
  opts: { courier: string; seed: number },
): RouteStep[] {
  const from = DEMO_WAREHOUSE.city;
  const to = waybill.to.city || from;
  const district = waybill.to.district || to;
  const originHub = `${short(from)}${short(DEMO_WAREHOUSE.district)}集散中心`;
  const destHub = to === from ? originHub : `${short(to)}转运中心`;
  const outlet = `${short(to)}${short(district)}营业点`;
  const jitter = (i: number) => ((opts.seed * (i + 3)) % 37) * 60_000;
  const legs: [number, string, string][] = [
    [0, from, `【${from}】${opts.courier} 已收取快件，揽收员：李师傅`],
    [2.5, from, `【${from}】快件已到达 ${originHub}`],
  ];
  if (to !== from) {
    legs.push([4, from, `【${from}】快件已从 ${originHub} 发出，准备发往 ${destHub}`]);
    legs.push([22, to, `【${to}】快件已到达 ${destHub}`]);
  }
  const t = to === from ? 3.5 : 24;
  legs.push([t, to, `【${to}】快件已从 ${destHub} 发出，准备发往 ${outlet}`]);
  legs.push([t + 3, to, `【${to}】快件已到达 ${outlet}`]);
  legs.push([t + 4, to, `【${to}】快件交给王师傅，正在派送途中（联系电话：137****5521）`]);
  legs.push([
    t + 7,
    to,
    `【${to}】快件已签收，签收人：本人，感谢使用${opts.courier}，期待再次为您服务`,
  ]);
  // Whole seconds (the courier's time text has no milliseconds): the second the parcel was taken
  // in, so a query in that same second already finds the pick-up (rounding up left a parcel
  // shipped at :03.25 without steps until :04, and the shop kept that empty answer).
  const start = Math.floor(waybill.pickedUpAt.getTime() / 1000) * 1000;
  return legs.map(([hours, location, context], i) => ({
    time: new Date(start + hours * 3600_000 + (i === 0 ? 0 : jitter(i))),
    context,
    location,
  }));
}

/** China time text "yyyy-MM-dd HH:mm:ss" of a Date. */
function chinaText(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function createFakeKuaidi100(opts: {
  customer: string;
  key: string;
  now?: () => number;
  /** The courier's records of a waybill (demo mode: the shop's shipped orders); unknown waybills get a made-up journey to 北京. */
  waybill?: (num: string) => Promise<Waybill | null>;
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
    const digits = num.replace(/\D/g, '');
    const seed = Number(digits.slice(-4) || '0');
    const nowMs = now();
    // A waybill the courier has no record of: taken 2 to 6 five-hour spans ago, bound for Beijing.
    const record = (await opts.waybill?.(num)) ?? {
      pickedUpAt: new Date(nowMs - (2 + (seed % 5)) * 5 * 3600_000),
      to: { province: '北京市', city: '北京市', district: '海淀区' },
    };
    const courier = COURIERS.find((x) => x.code === com)?.name ?? '快递员';
    // Only what has happened by now: the courier never reports the future.
    const route = courierRoute(record, { courier, seed });
    const done = route.filter((s) => s.time.getTime() <= nowMs);
    if (done.length === 0)
      return c.json({ result: false, returnCode: '500', message: '查询无结果，请隔段时间再查' });
    const signed = done.length === route.length;
    const steps = done
      .map((s) => ({
        time: chinaText(s.time),
        ftime: chinaText(s.time),
        context: s.context,
        location: s.location,
        areaName: s.location,
      }))
      .reverse();
    const count = done.length;
    return c.json({
      message: 'ok',
      nu: num,
      ischeck: signed ? '1' : '0',
      com,
      status: '200',
      condition: 'F00',
      state: signed ? '3' : count === route.length - 1 ? '5' : count <= 1 ? '1' : '0',
      data: steps,
    });
  });
  return { app, queries };
}
