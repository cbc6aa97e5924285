/**
 * The price line of a course with an offer (issue 27): during a 限时特惠 the offer price,
 * the list price struck through and the time left (距结束 …); before it, the list price
 * and when the offer starts (距开始 …); and a 新人首单价 as a note for members who have
 * never paid for an order. The page is cached and shared: the window comes with it and the
 * reader's clock decides; the checkout shows the price the server will charge.
 */
import { useNow } from '../../client/use-now.ts';
import { formatPrice } from '../../shared/format.ts';
import { COMMERCE_MSG } from '../../shared/messages/commerce.ts';
import { countdownText, offerPhase, type OfferWindowLike } from '../../shared/offers.ts';

interface Props {
  listPriceCents: number;
  limited: OfferWindowLike | null;
  firstOrder: OfferWindowLike | null;
  /** When the page was rendered (ms): the first render's clock. */
  renderedAt: number;
}

const MSG = COMMERCE_MSG.offer;

export default function OfferPrice({ listPriceCents, limited, firstOrder, renderedAt }: Props) {
  const phaseAt = (now: number) => offerPhase(limited, now);
  const ticking = phaseAt(renderedAt) !== null;
  const now = useNow(renderedAt, ticking);
  const phase = phaseAt(now);
  const first = offerPhase(firstOrder, now);
  return (
    <div className="offer-price" data-offer={phase?.phase ?? 'none'}>
      <p className="price">
        {phase?.phase === 'on' ? (
          <>
            <span className="offer-tag">{MSG.limited}</span> {formatPrice(phase.priceCents)}{' '}
            <s className="muted">{formatPrice(listPriceCents)}</s>
          </>
        ) : (
          formatPrice(listPriceCents)
        )}
      </p>
      {phase && (
        <p className="offer-line" role="timer" data-countdown>
          {phase.phase === 'upcoming' && `${MSG.limited} ${formatPrice(phase.priceCents)} · `}
          {phase.untilMs !== null &&
            `${phase.phase === 'on' ? MSG.endsIn : MSG.startsIn} ${countdownText(phase.untilMs - now)}`}
        </p>
      )}
      {first?.phase === 'on' && (
        <p className="offer-line muted" data-first-order>
          <span className="offer-tag">{MSG.firstOrder}</span> {formatPrice(first.priceCents)} ·{' '}
          {MSG.firstOrderNote}
        </p>
      )}
    </div>
  );
}
