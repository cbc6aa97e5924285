/**
 * Delivery state of an order-type course's item (spec 4): status 2 with an
 * express number is shipped (已发货, with courier and number); status 2
 * without one is awaiting shipment (待发货). The spec shows no other states,
 * so other statuses have no delivery (delivery 0).
 */
import { fmt } from '../../../../shared/messages.ts';
import { COMMERCE_MSG } from '../messages.ts';

export interface DeliveryInput {
  status: number;
  expressName: string | null;
  expressNumber: string | null;
}

export interface Delivery {
  /** 1 when the order has a delivery to show, else 0. */
  delivery: 0 | 1;
  deliveryStatus: 'shipped' | 'awaiting' | null;
  deliveryStr: string;
}

/** deliveryOf({ status: 2, expressName: '顺丰速运', expressNumber: 'SF1' }).deliveryStr → '已发货 顺丰速运 SF1' */
export function deliveryOf(o: DeliveryInput): Delivery {
  if (o.status !== 2) return { delivery: 0, deliveryStatus: null, deliveryStr: '' };
  if (o.expressNumber) {
    return {
      delivery: 1,
      deliveryStatus: 'shipped',
      deliveryStr: fmt(COMMERCE_MSG.deliveryShipped, {
        courier: o.expressName ?? '',
        number: o.expressNumber,
      }).replace(/\s+/g, ' '),
    };
  }
  return { delivery: 1, deliveryStatus: 'awaiting', deliveryStr: COMMERCE_MSG.deliveryAwaiting };
}
