import { describe, expect, it } from 'vitest';
import { deliveryOf } from '../../src/server/services/commerce/index.ts';

describe('deliveryOf (spec 4: delivery of order items)', () => {
  it.each([
    [
      { status: 2, expressName: '顺丰速运', expressNumber: 'SF1234567890' },
      1,
      'shipped',
      '已发货 顺丰速运 SF1234567890',
    ],
    [{ status: 2, expressName: null, expressNumber: null }, 1, 'awaiting', '待发货'],
    [{ status: 2, expressName: '顺丰速运', expressNumber: '' }, 1, 'awaiting', '待发货'],
    [{ status: 1, expressName: '顺丰速运', expressNumber: 'SF1' }, 0, null, ''],
    [{ status: 0, expressName: null, expressNumber: null }, 0, null, ''],
  ] as const)('%o → delivery %i, %s, "%s"', (input, delivery, status, str) => {
    expect(deliveryOf(input)).toEqual({ delivery, deliveryStatus: status, deliveryStr: str });
  });
});
