/**
 * 上一页 / 下一页 under a member's list in the user centre (我的订单, 我的优惠券), with the page
 * it is on; nothing when the list has one page.
 */
export default function ListPager(p: { page: number; pages: number; onPage(n: number): void }) {
  if (p.pages <= 1) return null;
  return (
    <nav className="pager" aria-label="分页">
      <button type="button" disabled={p.page <= 1} onClick={() => p.onPage(p.page - 1)}>
        上一页
      </button>
      <span>
        {p.page} / {p.pages}
      </span>
      <button type="button" disabled={p.page >= p.pages} onClick={() => p.onPage(p.page + 1)}>
        下一页
      </button>
    </nav>
  );
}
