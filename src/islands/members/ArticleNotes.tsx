/**
 * Highlights with notes on an article (issue 23). A member selects a passage of the article
 * body (`#<body>`, one paragraph: a direct child of the body) → a small 划线笔记 button → a note
 * keeping the quote and the paragraph's index. After load the member's highlights are marked
 * in the text (`<mark id="note-<id>">`, in the browser only: the cached page has no member's
 * data) and listed in this side panel; `#note-<id>` scrolls to its passage. A visitor sees the
 * login prompt.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { NOTE_LIMITS, NOTES_MSG, checkNoteQuote } from '../../shared/member-notes.ts';
import type { NoteView } from '../../server/services/members/index.ts';
import NoteEditor from './NoteEditor.tsx';
import { askLogin, hasMember } from './session.ts';
import './members.css';

interface Props {
  articleId: number;
  /** The id of the article body element. */
  body: string;
}

interface Picked {
  quote: string;
  paragraph: number;
  /** Where the button shows: under the selection, in page coordinates. */
  x: number;
  y: number;
}

/** The paragraphs notes count: the body's direct children. */
const paragraphs = (root: HTMLElement): Element[] => [...root.children];

/** The paragraph (direct child of `root`) holding a node, or null. */
function paragraphOf(root: HTMLElement, node: Node | null): Element | null {
  let el: Node | null = node;
  while (el && el.parentNode !== root) el = el.parentNode;
  return el instanceof Element ? el : null;
}

/** Wraps the first occurrence of `quote` in a paragraph in marks (one per text node it spans). */
function markQuote(block: Element, quote: string, noteId: number): boolean {
  const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  let all = '';
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    nodes.push(n as Text);
    all += (n as Text).data;
  }
  const start = all.indexOf(quote);
  if (start < 0) return false;
  const end = start + quote.length;
  let offset = 0;
  let first = true;
  for (const node of nodes) {
    const from = offset;
    const to = offset + node.data.length;
    offset = to;
    if (to <= start || from >= end) continue;
    const range = document.createRange();
    range.setStart(node, Math.max(0, start - from));
    range.setEnd(node, Math.min(node.data.length, end - from));
    const mark = document.createElement('mark');
    mark.className = 'note-mark';
    mark.dataset.noteId = String(noteId);
    if (first) mark.id = `note-${noteId}`;
    first = false;
    range.surroundContents(mark);
  }
  return true;
}

/** Takes the marks of the notes off the text again (before marking afresh). */
function unmarkAll(root: HTMLElement): void {
  for (const mark of root.querySelectorAll('mark.note-mark')) {
    const parent = mark.parentNode!;
    while (mark.firstChild) parent.insertBefore(mark.firstChild, mark);
    parent.removeChild(mark);
    parent.normalize();
  }
}

export default function ArticleNotes({ articleId, body }: Props) {
  // Known only in the browser: server HTML and the first render agree on "visitor".
  const [member, setMember] = useState<boolean | null>(null);
  const [notes, setNotes] = useState<NoteView[]>([]);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [draft, setDraft] = useState<Omit<Picked, 'x' | 'y'> | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const scrolled = useRef(false);

  const root = useCallback(() => document.getElementById(body), [body]);

  const load = useCallback(async () => {
    const r = await api<{ list: NoteView[] }>('get', 'note/list', {
      searchParams: { targetType: 'article', targetId: String(articleId) },
    });
    if (r.code === 200) setNotes(r.data.list);
  }, [articleId]);

  useEffect(() => {
    const m = hasMember();
    setMember(m);
    if (m) void load();
  }, [load]);

  // Mark the highlights in the text; a link to one (#note-<id>) scrolls to it once.
  useEffect(() => {
    const el = root();
    if (!el) return;
    unmarkAll(el);
    const blocks = paragraphs(el);
    for (const n of notes) {
      const block = n.paragraph === null ? undefined : blocks[n.paragraph];
      if (block && n.quote) markQuote(block, n.quote, n.id);
    }
    if (!scrolled.current && notes.length > 0 && location.hash.startsWith('#note-')) {
      scrolled.current = true;
      const target = document.getElementById(location.hash.slice(1));
      target?.scrollIntoView({ block: 'center' });
      target?.classList.add('note-mark-focus');
    }
  }, [notes, root]);

  // A selection inside one paragraph of the body offers the 划线笔记 button.
  useEffect(() => {
    const el = root();
    if (!el) return;
    const onSelect = () => {
      const sel = window.getSelection();
      if (!sel || sel.isCollapsed || sel.rangeCount === 0) return setPicked(null);
      const range = sel.getRangeAt(0);
      if (!el.contains(range.commonAncestorContainer)) return setPicked(null);
      const quote = sel.toString().trim();
      if (!quote) return setPicked(null);
      const start = paragraphOf(el, range.startContainer);
      const end = paragraphOf(el, range.endContainer);
      if (!start || start !== end) {
        setPicked(null);
        return toast(NOTES_MSG.oneParagraph, 'warning');
      }
      const rect = range.getBoundingClientRect();
      setPicked({
        quote,
        paragraph: paragraphs(el).indexOf(start),
        x: rect.left + window.scrollX,
        y: rect.bottom + window.scrollY + 6,
      });
    };
    el.addEventListener('mouseup', onSelect);
    el.addEventListener('keyup', onSelect);
    el.addEventListener('touchend', onSelect);
    return () => {
      el.removeEventListener('mouseup', onSelect);
      el.removeEventListener('keyup', onSelect);
      el.removeEventListener('touchend', onSelect);
    };
  }, [root]);

  function startNote() {
    if (!picked) return;
    if (!member) return askLogin();
    const problem = checkNoteQuote(picked.quote);
    if (problem) return toast(problem, 'warning');
    setDraft({ quote: picked.quote, paragraph: picked.paragraph });
    setText('');
    setPicked(null);
    window.getSelection()?.removeAllRanges();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!draft || busy) return;
    if ([...text.trim()].length > NOTE_LIMITS.bodyMax)
      return toast(NOTES_MSG.bodyTooLong, 'warning');
    setBusy(true);
    const form: Record<string, string> = {
      targetType: 'article',
      targetId: String(articleId),
      quote: draft.quote,
      paragraph: String(draft.paragraph),
      body: text,
    };
    // No text: the passage is highlighted only.
    if (!text.trim()) form.bookmark = '1';
    const r = await api<NoteView>('post', 'note/add', { form });
    setBusy(false);
    toast(r.message, r.code === 200 ? 'success' : 'error');
    if (r.code === 401) askLogin();
    if (r.code !== 200) return;
    setDraft(null);
    await load();
  }

  async function remove(note: NoteView) {
    if (!window.confirm('确定删除这条划线笔记吗？')) return;
    const r = await api('post', 'note/delete', { form: { id: String(note.id) } });
    toast(r.message, r.code === 200 ? 'success' : 'error');
    if (r.code === 200) setNotes((old) => old.filter((n) => n.id !== note.id));
  }

  function show(note: NoteView) {
    const target = document.getElementById(`note-${note.id}`);
    if (!target) return;
    history.replaceState(null, '', `#note-${note.id}`);
    target.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }

  return (
    <section className="card article-notes" aria-label="我的划线笔记">
      <h2>我的划线笔记</h2>
      {picked &&
        createPortal(
          <button
            type="button"
            className="btn note-pick"
            style={{ left: picked.x, top: picked.y }}
            // Keep the selection: the button takes no focus from it on press.
            onMouseDown={(e) => e.preventDefault()}
            onClick={startNote}
          >
            划线笔记
          </button>,
          document.body,
        )}
      {!member ? (
        // Until it knows (the server's render, and a visitor's page before it hydrates near the
        // viewport: client:member) the visitor's prompt holds its place unseen, so showing it
        // moves nothing below (no layout shift).
        <div style={member === null ? { visibility: 'hidden' } : undefined}>
          <p className="muted">登录后可选中文章中的文字划线、记笔记，仅自己可见</p>
          <button type="button" className="btn btn-ghost" data-login="password">
            登录记笔记
          </button>
        </div>
      ) : (
        <>
          {draft && (
            <form onSubmit={(e) => void submit(e)} aria-label="划线笔记">
              <blockquote className="note-quote">{draft.quote}</blockquote>
              <label>
                笔记（可不填，仅划线）
                <textarea
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  maxLength={NOTE_LIMITS.bodyMax}
                  rows={3}
                  autoFocus
                />
              </label>
              <span className="player-notes-actions">
                <button type="submit" className="btn" disabled={busy}>
                  保存
                </button>
                <button type="button" className="btn btn-ghost" onClick={() => setDraft(null)}>
                  取消
                </button>
              </span>
            </form>
          )}
          {notes.length === 0 ? (
            <p className="muted">选中文章中的一段文字，点「划线笔记」即可记下。</p>
          ) : (
            <ol className="article-notes-list">
              {notes.map((n) => (
                <li key={n.id} data-note-id={n.id}>
                  <button type="button" className="note-quote-link" onClick={() => show(n)}>
                    “{n.quote}”
                  </button>
                  <NoteEditor
                    note={n}
                    empty={<span className="muted">（仅划线）</span>}
                    onSaved={(note) =>
                      setNotes((old) => old.map((o) => (o.id === note.id ? note : o)))
                    }
                    onDelete={(note) => void remove(note)}
                  />
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
