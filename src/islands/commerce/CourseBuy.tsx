/**
 * The buy box of a cached course page: the shared HTML is the visitor's
 * (立即购买 and what a purchase unlocks); a member who owns the course sees
 * 已购买 · 开始学习 once their own access comes from /api/course/detail.
 */
import { useEffect, useState } from 'react';
import { courseDetailOnce } from '../../client/course-detail.ts';
import { hasLogin } from '../../client/presence.ts';
import { useNow } from '../../client/use-now.ts';
import { formatPrice } from '../../shared/format.ts';
import { offerPhase, type OfferWindowLike } from '../../shared/offers.ts';

interface Props {
  courseId: number;
  priceCents: number;
  /** What buying unlocks (the visitor's note). */
  note: string;
  /** 实物套件: the note says it ships. */
  kit: boolean;
  lessonCount: number;
  /** The checkout's address (on the app's origin when the page is served from a CDN). */
  buyHref: string;
  /** A 限时特惠 (issue 27): while it is on, the button says the offer price. */
  limited?: OfferWindowLike | null;
  /** When the page was rendered (ms): the first render's clock. */
  renderedAt?: number;
  /** VIP (issue 27): the course is free for VIP members; else their member price (null: none). */
  vipFree?: boolean;
  vipPriceCents?: number | null;
}

export default function CourseBuy({
  courseId,
  priceCents,
  note,
  kit,
  lessonCount,
  buyHref,
  limited = null,
  renderedAt = 0,
  vipFree = false,
  vipPriceCents = null,
}: Props) {
  const [owned, setOwned] = useState(false);
  const now = useNow(renderedAt, offerPhase(limited, renderedAt) !== null);
  const offer = offerPhase(limited, now);
  const price = offer?.phase === 'on' ? offer.priceCents : priceCents;
  useEffect(() => {
    if (!hasLogin()) return;
    void courseDetailOnce(courseId).then((r) => {
      if (r.code === 200 && r.data.detail.entitled) setOwned(true);
    });
  }, [courseId]);
  if (owned)
    return (
      <div data-course-buy="owned">
        <p className="muted note">
          {vipFree
            ? '会员免费学习本课程，'
            : kit
              ? '你已购买本课程，套件发货进度见「我的订单」；'
              : '你已购买本课程，'}
          {`全部 ${lessonCount} 节课时已解锁。`}
        </p>
        <p>
          <a className="btn" href="#lesson-player">
            {vipFree ? '会员免费 · 开始学习' : '已购买 · 开始学习'}
          </a>
        </p>
      </div>
    );
  return (
    <div data-course-buy="visitor">
      <p className="muted note">{note}</p>
      <p>
        <a className="btn" href={buyHref} data-buy>
          立即购买 {formatPrice(price)}
        </a>
      </p>
      {(vipFree || vipPriceCents !== null) && (
        <p className="muted note" data-vip-note>
          {vipFree ? '会员免费学习本课程，' : `会员价 ${formatPrice(vipPriceCents ?? 0)}，`}
          <a href="/vip">开通会员</a>
        </p>
      )}
    </div>
  );
}
