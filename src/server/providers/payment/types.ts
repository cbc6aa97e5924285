/**
 * The payment provider interface (DESIGN: Providers, Commerce). One interface
 * for WeChat Pay API v3 and Alipay, each written with node:crypto to the
 * provider's documented protocol, and for the local demo payment platform.
 *
 * An order becomes paid only through `verifyNotification` or `query` (spec 1:
 * payment is complete only when the platform confirms it); the caller still
 * checks amount, merchant/app id and out_trade_no against its own row.
 */

/** Which provider a payment attempt goes through. */
export type PayMethod = 'wechat' | 'alipay';

/** How the member pays: WeChat Native QR / H5, Alipay page pay / wap pay. */
export type PayChannel = 'native' | 'h5' | 'page' | 'wap';

export interface CreatePaymentInput {
  /** Our payment-attempt key (6–32 characters, [0-9A-Za-z_-]), unique per attempt. */
  outTradeNo: string;
  /** Amount in fen (分), a positive integer. */
  amountFen: number;
  /** What is bought, shown by the platform (≤ 127 bytes for WeChat). */
  description: string;
  channel: PayChannel;
  /** Absolute URL the platform posts its asynchronous notification to. */
  notifyUrl: string;
  /** Absolute URL the member's browser returns to (unlocks nothing by itself). */
  returnUrl: string;
  /** The member's IP (WeChat H5 scene_info.payer_client_ip). */
  clientIp: string;
  /** When the platform should stop accepting payment. */
  expiresAt: Date;
}

/** What the checkout shows: a QR to scan (WeChat Native) or a page to send the browser to. */
export type PaymentStart = { kind: 'qr'; codeUrl: string } | { kind: 'redirect'; url: string };

/** A trade as the platform reports it, after its signature was verified. */
export interface PlatformTrade {
  method: PayMethod;
  outTradeNo: string;
  /** The platform's own transaction id (transaction_id / trade_no). */
  transactionId: string;
  /** WeChat mchid or Alipay app_id the trade belongs to; must equal ours. */
  merchantId: string;
  /** Total in fen as the platform reports it. */
  amountFen: number;
  /** Normalised trade state. */
  state: 'paid' | 'pending' | 'closed' | 'refunded';
  /** When the platform says it was paid. */
  paidAt?: Date;
  /** The raw verified (decrypted) payload, for the order-events log. */
  raw: unknown;
}

/** An incoming HTTP request as the notify endpoint received it (body untouched). */
export interface IncomingNotification {
  headers: Record<string, string | undefined>;
  /** The exact body bytes as text (JSON for WeChat, form-encoded for Alipay). */
  body: string;
}

/** What the notify endpoint must answer so the platform stops retrying (or retries). */
export interface NotificationAck {
  status: number;
  contentType: string;
  body: string;
}

export interface RefundInput {
  outTradeNo: string;
  outRefundNo: string;
  refundFen: number;
  totalFen: number;
  reason: string;
}

export interface RefundResult {
  outRefundNo: string;
  /** The platform's refund id. */
  refundId: string;
  state: 'success' | 'processing' | 'failed';
  raw: unknown;
}

/** Thrown when a notification's signature, timestamp, merchant or decryption fails. */
export class PaymentVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentVerificationError';
  }
}

export interface PaymentProvider {
  readonly method: PayMethod;
  /** Short name for logs: 'wechatpay-v3', 'alipay', or the demo platform's. */
  readonly name: string;
  /** True when it talks to the local demo payment platform, which production refuses. */
  readonly development: boolean;
  /** Our merchant id (WeChat mchid) or app id (Alipay app_id). */
  readonly merchantId: string;
  /** Channels this provider offers (WeChat: native, h5; Alipay: page, wap). */
  readonly channels: readonly PayChannel[];
  createPayment(input: CreatePaymentInput): Promise<PaymentStart>;
  /**
   * Verifies an asynchronous notification (signature, timestamp window,
   * decryption) and returns the trade it reports. Throws
   * PaymentVerificationError for anything forged, stale or tampered.
   */
  verifyNotification(req: IncomingNotification): Promise<PlatformTrade>;
  /** The answer that tells the platform the notification was (or was not) taken. */
  ack(accepted: boolean): NotificationAck;
  /** Asks the platform for the trade's state (WeChat order query / alipay.trade.query). */
  query(outTradeNo: string): Promise<PlatformTrade | null>;
  /** Closes an unpaid trade at the platform (best effort). */
  close(outTradeNo: string): Promise<void>;
  refund(input: RefundInput): Promise<RefundResult>;
}
