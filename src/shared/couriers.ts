/**
 * The couriers an order's kit can be shipped with, by Kuaidi100 company code:
 * the console offers them, the server checks and names a shipment with them
 * (services/commerce/delivery/deliveries.ts, the courier providers).
 */
export const COURIERS: readonly { code: string; name: string }[] = [
  { code: 'shunfeng', name: '顺丰速运' },
  { code: 'zhongtong', name: '中通快递' },
  { code: 'yuantong', name: '圆通速递' },
  { code: 'yunda', name: '韵达快递' },
  { code: 'shentong', name: '申通快递' },
  { code: 'jd', name: '京东物流' },
  { code: 'ems', name: 'EMS' },
];
