/**
 * Checkout (issue 11): accept the purchase terms (and give a shipping address
 * for a kit), submit the order, then pay with WeChat Pay: a QR to scan on a
 * desktop, the WeChat H5 page on a phone. The island only asks the server;
 * the order counts as paid when the server says so (it learns it from the
 * platform's verified notification or its order query), so it polls
 * /api/order/status and then opens the course. Issue 27: the member may
 * choose one of their coupons (CouponChoice); the price shown is the
 * server's, and the order records it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api } from '../../client/api.ts';
import './checkout.css';
import type {
  OrderPaymentState,
  OrderView,
  PaymentStarted,
  Price,
} from '../../server/services/commerce/index.ts';
import { formatAmount, formatPrice } from '../../shared/format.ts';
import { COMMERCE_MSG } from '../../shared/messages/commerce.ts';
import { offerName } from '../../shared/commerce.ts';
import CouponChoice from './CouponChoice.tsx';

interface Props {
  courseId: number;
  courseUrl: string;
  termsVersion: string;
  kit: boolean;
  /** An existing unpaid order (from 我的订单 or the platform's return). */
  orderNo?: string | null;
  amountText: string;
  /** An existing order's discount (0: none) and offer (限时特惠, 新人首单价; null: none). */
  discountCents?: number;
  offerKind?: string | null;
  /** The payment methods the site offers ('wechat', 'alipay'). */
  methods: string[];
  /** A VIP card's order (issue 27): what paying opens is the member's VIP, not a course. */
  vip?: boolean;
  /** A group seat's order (拼团): its group's page; paying waits for the group to fill. */
  groupHref?: string | null;
}

/** POST /api/order/pay: the payment started, with the QR the server drew for it. */
type PayAnswer = Pick<PaymentStarted, 'outTradeNo' | 'start'> & {
  qrSvg: string | null;
  development: boolean;
};

const ADDRESS_FIELDS = [
  ['name', '收货人', 'text', 30],
  ['mobile', '手机号', 'tel', 11],
  ['province', '省份', 'text', 20],
  ['city', '城市', 'text', 20],
  ['district', '区县', 'text', 20],
  ['detail', '详细地址', 'text', 120],
] as const;

const isPhone = () =>
  matchMedia('(max-width: 640px)').matches || /Mobile|Android/i.test(navigator.userAgent);

export default function Checkout(p: Props) {
  const [orderNo, setOrderNo] = useState<string | null>(p.orderNo ?? null);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [pay, setPay] = useState<PayAnswer | null>(null);
  const [paid, setPaid] = useState(false);
  const [closed, setClosed] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const [couponId, setCouponId] = useState<number | null>(null);
  const [price, setPrice] = useState<Price | null>(null);
  const [charged, setCharged] = useState({
    text: p.amountText,
    discountCents: p.discountCents ?? 0,
    offerKind: p.offerKind ?? null,
  });
  const amountText = price ? formatPrice(price.amountCents) : p.amountText;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!agreed) return setError(COMMERCE_MSG.termsRequired);
    const form = new FormData(e.currentTarget);
    const address = p.kit
      ? Object.fromEntries(ADDRESS_FIELDS.map(([k]) => [k, String(form.get(k) ?? '').trim()]))
      : null;
    setBusy(true);
    setError('');
    const res = await api<
      Pick<OrderView, 'orderNo' | 'amountCents' | 'discountCents' | 'offerKind'>
    >('post', 'order/create', {
      json: { courseId: p.courseId, termsVersion: p.termsVersion, address, couponId },
    });
    setBusy(false);
    if (res.code !== 200) return setError(res.message);
    setCharged({
      text: formatPrice(res.data.amountCents),
      discountCents: res.data.discountCents,
      offerKind: res.data.offerKind,
    });
    setOrderNo(res.data.orderNo);
    history.replaceState(null, '', `/checkout?orderNo=${res.data.orderNo}`);
  }

  /** 取消订单 of the pending order (the server refuses one already paid or closed). */
  async function cancelOrder() {
    if (!orderNo || !confirm('确定取消这个订单吗？')) return;
    const res = await api('post', 'order/cancel', { json: { orderNo } });
    if (res.code !== 200) return setError(res.message);
    setCancelled(true);
    setClosed(true);
  }

  async function startPay(method: 'wechat' | 'alipay') {
    if (!orderNo) return;
    const phone = isPhone();
    const channel = method === 'wechat' ? (phone ? 'h5' : 'native') : phone ? 'wap' : 'page';
    setBusy(true);
    setError('');
    const res = await api<PayAnswer>('post', 'order/pay', {
      json: { orderNo, method, channel },
    });
    setBusy(false);
    if (res.code !== 200) return setError(res.message);
    if (res.data.start.kind === 'redirect') {
      location.href = res.data.start.url;
      return;
    }
    setPay(res.data);
  }

  // Once there is an order, ask the server every 2 s whether the platform confirmed it.
  useEffect(() => {
    if (!orderNo || paid || closed) return;
    const poll = async () => {
      const res = await api<Pick<OrderPaymentState, 'status'>>('get', 'order/status', {
        searchParams: { orderNo },
      });
      if (res.code === 200 && (res.data.status === 1 || res.data.status === 2)) setPaid(true);
      else if (res.code === 200 && res.data.status >= 3) setClosed(true);
      else timer.current = window.setTimeout(() => void poll(), 2000);
    };
    void poll();
    return () => window.clearTimeout(timer.current);
  }, [orderNo, paid, closed]);

  if (paid && p.groupHref)
    return (
      <div className="checkout-done" role="status">
        <p className="ok">支付成功，等待成团：人满后课程为全团同时开通</p>
        <a className="btn" href={p.groupHref}>
          邀请好友参团
        </a>{' '}
        <a href="/usercenter/myorder">查看订单</a>
      </div>
    );
  if (paid && p.vip)
    return (
      <div className="checkout-done" role="status">
        <p className="ok">支付成功，会员已开通</p>
        <a className="btn" href="/vip">
          查看会员权益
        </a>{' '}
        <a href="/usercenter/myorder">查看订单</a>
      </div>
    );
  if (paid)
    return (
      <div className="checkout-done" role="status">
        <p className="ok">
          {p.kit ? '支付成功，课程已开通，套件将尽快发货' : '支付成功，课程已开通'}
        </p>
        {p.kit ? (
          <a className="btn" href="/usercenter/myorder">
            查看订单
          </a>
        ) : (
          <a className="btn" href={p.courseUrl}>
            开始学习
          </a>
        )}{' '}
        {p.kit ? <a href={p.courseUrl}>返回课程</a> : <a href="/usercenter/myorder">查看订单</a>}
      </div>
    );
  if (closed)
    return (
      <div className="checkout-done" role="status">
        <p className="err">{cancelled ? COMMERCE_MSG.orderCancelled : COMMERCE_MSG.expired}</p>
        <a className="btn" href={p.vip ? '/vip' : `/checkout?courseId=${p.courseId}`}>
          重新下单
        </a>
      </div>
    );
  if (orderNo)
    return (
      <section className="checkout-pay" aria-label="支付">
        <p>
          订单号 <code>{orderNo}</code> · 应付 <strong>{charged.text}</strong>
          {charged.offerKind && (
            <span className="discount">（{offerName(charged.offerKind)}）</span>
          )}
          {charged.discountCents > 0 && (
            <span className="discount">（优惠券已减 {formatAmount(charged.discountCents)}）</span>
          )}
        </p>
        {pay?.qrSvg && pay.start.kind === 'qr' ? (
          <div className="qr">
            <div
              className="qr-img"
              role="img"
              aria-label="微信支付二维码"
              dangerouslySetInnerHTML={{ __html: pay.qrSvg }}
            />
            <p>请使用微信扫一扫完成支付，支付完成后本页会自动更新。</p>
            {pay.development && (
              <p className="muted">
                演示模式：
                <a href={pay.start.codeUrl} target="_blank" rel="noopener">
                  打开本地演示支付平台
                </a>
                ，不会产生真实扣款。
              </p>
            )}
          </div>
        ) : (
          <div className="pay-methods">
            {p.methods.includes('wechat') && (
              <button
                type="button"
                className="btn pay-btn"
                disabled={busy}
                onClick={() => void startPay('wechat')}
              >
                微信支付
              </button>
            )}
            {p.methods.includes('alipay') && (
              <button
                type="button"
                className="btn pay-btn alipay"
                disabled={busy}
                onClick={() => void startPay('alipay')}
              >
                支付宝
              </button>
            )}
            {busy && <span className="muted">正在创建支付…</span>}
          </div>
        )}
        {error && (
          <p className="err" role="alert">
            {error}
          </p>
        )}
        <p>
          <button
            type="button"
            className="btn btn-small btn-ghost"
            disabled={busy}
            onClick={() => void cancelOrder()}
          >
            取消订单
          </button>
        </p>
      </section>
    );
  return (
    <form className="checkout-form" onSubmit={(e) => void submit(e)} noValidate>
      {p.kit && (
        <fieldset>
          <legend>收货地址</legend>
          {ADDRESS_FIELDS.map(([name, label, type, max]) => (
            <label key={name}>
              <span>{label}</span>
              <input
                name={name}
                type={type}
                maxLength={max}
                required
                autoComplete={name === 'mobile' ? 'tel' : 'on'}
              />
            </label>
          ))}
        </fieldset>
      )}
      <CouponChoice
        courseId={p.courseId}
        onChange={(id, next) => {
          setCouponId(id);
          setPrice(next);
        }}
      />
      <label className="agree">
        <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        我已阅读并同意上述购买条款及
        <a href="/termofservice" target="_blank" rel="noopener">
          《用户服务协议》
        </a>
      </label>
      {error && (
        <p className="err" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn" disabled={busy}>
        {busy ? '正在提交…' : `提交订单 ${amountText}`}
      </button>
    </form>
  );
}
