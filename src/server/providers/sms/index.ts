/**
 * The SMS provider interface (DESIGN: Providers): the development outbox in
 * demo mode, Aliyun SMS in production.
 */

/** Why a code is sent: login/register (send-code type 1) or password reset (type 2). */
export type SmsPurpose = 'login' | 'reset';

export interface SmsPhone {
  areaNum: string;
  mobile: string;
}

export interface SmsProvider {
  /** Short name for logs: 'dev-outbox', 'aliyun'. */
  readonly name: string;
  /** True for the local stand-in, which production mode refuses. */
  readonly development: boolean;
  /** Delivers a verification code; throws SmsSendError when the provider refuses. */
  sendCode(phone: SmsPhone, code: string, purpose: SmsPurpose): Promise<void>;
  /** Whether a notification template is set up for this kind of notice. */
  canNotify(kind: SmsNoticeKind): boolean;
  /** Delivers a notification through its template; throws SmsSendError when refused. */
  sendNotice(phone: SmsPhone, notice: SmsNotice): Promise<void>;
}

/** Notifications sent by SMS (each needs its own approved template at the provider). */
export type SmsNoticeKind = 'liveReminder';

/** A notification and its template parameters (values kept short: providers cap them). */
export interface SmsNotice {
  kind: SmsNoticeKind;
  params: Record<string, string>;
  /** The full text, as the development outbox records it. */
  text: string;
}

/** A provider's refusal, with its own error code (e.g. 'isv.BUSINESS_LIMIT_CONTROL'). */
export class SmsSendError extends Error {
  readonly providerCode: string;
  constructor(providerCode: string, message: string) {
    super(message);
    this.name = 'SmsSendError';
    this.providerCode = providerCode;
  }

  /** The provider's own flow control: the member should wait, not retry now. */
  get rateLimited(): boolean {
    return (
      this.providerCode === 'isv.BUSINESS_LIMIT_CONTROL' || this.providerCode === 'Throttling.User'
    );
  }
}
