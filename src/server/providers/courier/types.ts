/**
 * The courier tracking interface (issue 11: deliveries with tracking):
 * Kuaidi100's documented real-time query (poll/query.do, sign =
 * MD5(param + key + customer) upper-case), and a local fake speaking it in
 * demo mode. Callers cache results: one query per waybill per 30 minutes.
 */

export interface TrackingStep {
  /** When the courier recorded the step. */
  time: Date;
  /** The courier's text, e.g. 【北京市】快件已到达 北京海淀营业部. */
  context: string;
  /** Where, when the courier says. */
  location?: string;
}

export interface TrackingResult {
  /** Kuaidi100 company code, e.g. 'shunfeng'. */
  companyCode: string;
  trackingNumber: string;
  /** Kuaidi100 state: 0 在途, 1 揽收, 2 疑难, 3 签收, 4 退签, 5 派件, 6 退回, 14 拒签 … */
  state: number;
  /** Newest first. */
  steps: TrackingStep[];
}

export interface CourierProvider {
  readonly name: string;
  readonly development: boolean;
  /** Queries a waybill; `phone` is required by SF Express (last 4 digits suffice). */
  track(input: {
    companyCode: string;
    trackingNumber: string;
    phone?: string;
  }): Promise<TrackingResult>;
}

/** Couriers the console offers, by Kuaidi100 company code (declared once in src/shared). */
export { COURIERS } from '../../../shared/couriers.ts';
