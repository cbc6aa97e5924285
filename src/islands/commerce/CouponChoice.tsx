/**
 * The checkout's coupon choice (issue 27): the member's coupons from
 * /api/coupon/checkout, the usable ones first (the largest discount chosen to
 * begin with), the others shown with the reason they do not apply; and the
 * price after the discount, as the server computed it. Nothing is shown to a
 * member holding no coupon.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { formatAmount, formatDate } from '../../shared/format.ts';
import { COMMERCE_MSG } from '../../shared/messages/commerce.ts';
import { offerName } from '../../shared/commerce.ts';
import type { CheckoutCoupons, Price } from '../../server/services/commerce/index.ts';

interface Props {
  courseId: number;
  /** The chosen coupon (null: none) and the price it gives. */
  onChange(couponId: number | null, price: Price): void;
}

export default function CouponChoice({ courseId, onChange }: Props) {
  const [data, setData] = useState<CheckoutCoupons | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => {
    void api<CheckoutCoupons>('get', 'coupon/checkout', {
      searchParams: { courseId: String(courseId) },
    }).then((res) => {
      if (res.code !== 200) return;
      setData(res.data);
      setChosen(res.data.best);
    });
  }, [courseId]);
  const choice = data?.coupons.find((c) => c.id === chosen && c.usable) ?? null;
  const price = choice?.price ?? data?.price ?? null;
  useEffect(() => {
    // Told when the choice or its price changes (the callback itself is the parent's setter).
    if (price) onChange(choice?.id ?? null, price);
  }, [choice?.id, price?.amountCents]);
  if (!data || data.coupons.length === 0) return null;
  return (
    <fieldset className="coupon-choice" data-coupons={data.coupons.length}>
      <legend>优惠券</legend>
      <label className="coupon-option">
        <input
          type="radio"
          name="coupon"
          checked={chosen === null}
          onChange={() => setChosen(null)}
        />
        <span>{COMMERCE_MSG.coupon.none}</span>
      </label>
      {data.coupons.map((c) => (
        <label key={c.id} className={`coupon-option${c.usable ? '' : ' off'}`}>
          <input
            type="radio"
            name="coupon"
            value={c.id}
            disabled={!c.usable}
            checked={chosen === c.id}
            onChange={() => setChosen(c.id)}
          />
          <span>
            <strong>{c.label}</strong> {c.name}
            <span className="muted">
              {' '}
              · {c.scopeText} · {formatDate(c.expiresAt)} 前有效
            </span>
            {c.usable ? (
              <span className="save"> 省 {formatAmount(c.price.discountCents)}</span>
            ) : (
              <span className="why"> {c.reason}</span>
            )}
          </span>
        </label>
      ))}
      {price && (
        <p className="coupon-sum" aria-live="polite">
          原价 {formatAmount(price.listPriceCents)}
          {price.offerKind && (
            <>
              {' '}
              · {offerName(price.offerKind)} {formatAmount(price.baseCents)}
            </>
          )}
          {price.discountCents > 0 && <> · 优惠 -{formatAmount(price.discountCents)}</>} · 应付{' '}
          <strong>{formatAmount(price.amountCents)}</strong>
        </p>
      )}
    </fieldset>
  );
}
