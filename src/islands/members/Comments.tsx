/**
 * The comment section of a detail page (spec 7: /api/comment/list, add),
 * hydrated when it scrolls into view. Newest first with the count; comments
 * are plain text, which JSX escapes. Visitors get the login dialog.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import type { TargetType } from '../../shared/constants.ts';
import { formatDateTime, formatIpRegion } from '../../shared/format.ts';
import { MSG } from '../../shared/messages.ts';
import { checkCommentContent } from '../../shared/validation.ts';
import { askLogin, hasMember } from './session.ts';
import './members.css';
import type { CommentView } from '../../server/services/members/index.ts';
import type { Paged } from '../../shared/api-shapes.ts';

const SIZE = 10;
const MAX = 500;
const HELD = '评论已提交，审核通过后所有人可见';

type Comment = CommentView;
type Page = Pick<Paged<CommentView>, 'list' | 'count'>;

interface Props {
  targetType: TargetType;
  targetId: number;
  /** The first page as the server rendered it (visible comments, for everyone). */
  initial?: Page;
}

export default function Comments({ targetType, targetId, initial }: Props) {
  // Known only in the browser: server HTML and the first render agree on "visitor".
  const [member, setMember] = useState<boolean | null>(null);
  useEffect(() => setMember(hasMember()), []);
  const [items, setItems] = useState<Comment[]>(initial?.list ?? []);
  const [count, setCount] = useState(initial?.count ?? 0);
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState(initial !== undefined);

  async function load(p: number) {
    const r = await api<Page>('get', 'comment/list', {
      searchParams: { targetType, targetId: String(targetId), page: String(p), size: String(SIZE) },
    });
    if (r.code !== 200) return;
    setItems((old) => (p === 1 ? r.data.list : [...old, ...r.data.list]));
    setCount(r.data.count);
    setPage(p);
    setLoaded(true);
  }

  useEffect(() => {
    void load(1);
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!member) return askLogin();
    if (busy) return;
    const problem = checkCommentContent(text);
    if (problem) {
      toast(problem, 'warning');
      return;
    }
    setBusy(true);
    const r = await api<Comment>('post', 'comment/add', {
      form: { targetType, targetId: String(targetId), content: text },
    });
    setBusy(false);
    if (r.code === 200) {
      toast(r.data.held ? HELD : MSG.commentSuccess, 'success');
      setText('');
      await load(1);
    } else {
      toast(
        // Spec 8: a transport failure (code -1) is 网络错误. 403: banned from commenting until a
        // time (the message says until when).
        [-1, 400, 401, 403, 429].includes(r.code) ? r.message : MSG.commentFailure,
        'error',
      );
    }
  }

  return (
    <section className="comments" aria-label="评论" data-ready={member === null ? undefined : '1'}>
      <h2>
        评论{' '}
        <span className="muted" data-testid="comment-count">
          ({count})
        </span>
      </h2>
      <form onSubmit={submit}>
        <textarea
          aria-label="评论内容"
          rows={3}
          maxLength={MAX}
          placeholder={member ? '说点什么……' : '登录后参与评论'}
          value={text}
          readOnly={!member}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="row">
          <span className="muted">
            {[...text].length}/{MAX}
          </span>
          <button type="submit" className="btn" disabled={busy}>
            发表评论
          </button>
        </div>
      </form>
      {loaded && items.length === 0 && <p className="muted">还没有评论，来抢沙发吧</p>}
      <ul className="list">
        {items.map((c) => (
          <li key={c.id}>
            <div className="muted">
              {c.userName} · {formatDateTime(c.createdAt)}
              {c.ipRegion && ` · ${formatIpRegion(c.ipRegion)}`}
              {c.held && <span className="held"> · 审核中，仅自己可见</span>}
            </div>
            <p className="body">{c.content}</p>
          </li>
        ))}
      </ul>
      {items.length < count && (
        <button type="button" className="btn btn-ghost" onClick={() => void load(page + 1)}>
          加载更多
        </button>
      )}
    </section>
  );
}
