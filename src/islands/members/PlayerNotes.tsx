/**
 * Notes beside a player (issue 23): 添加笔记 at the second the video is at (the video pauses
 * while the member types), ★ 书签 at that second, and the member's notes of the lesson or
 * replay by second; a note's time seeks the video there. The player is found on the page: the
 * `<video>` inside `#<player>`, and for a lesson the lesson in it from the player's
 * `data-lesson-id`. The notes are the member's own, fetched here (never in the cached page);
 * a visitor sees the login prompt instead. A replay opened at `#t=<seconds>` starts there.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import {
  NOTE_LIMITS,
  NOTES_MSG,
  checkNoteBody,
  hashSeconds,
  noteClock,
} from '../../shared/member-notes.ts';
import type { NoteView } from '../../server/services/members/index.ts';
import NoteEditor from './NoteEditor.tsx';
import { askLogin, hasMember } from './session.ts';
import './members.css';

interface Props {
  kind: 'lesson' | 'live';
  /** The id of the element holding the player's `<video>`. */
  player: string;
  /** A replay's broadcast; a lesson's id is read from the player's `data-lesson-id`. */
  liveId?: number;
}

/** The item in the player now: the broadcast, or the lesson the player says it holds. */
function currentTarget({ kind, player, liveId }: Props): number | null {
  if (kind === 'live') return liveId ?? null;
  const id = Number(document.getElementById(player)?.dataset.lessonId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export default function PlayerNotes({ kind, player, liveId }: Props) {
  // Known only in the browser: server HTML and the first render agree on "visitor".
  const [member, setMember] = useState<boolean | null>(null);
  const [targetId, setTargetId] = useState<number | null>(null);
  const [hasVideo, setHasVideo] = useState(false);
  const [notes, setNotes] = useState<NoteView[]>([]);
  const [draft, setDraft] = useState<{ at: number; resume: boolean } | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const seekDone = useRef(false);

  const video = useCallback(
    () => document.getElementById(player)?.querySelector('video') ?? null,
    [player],
  );

  // Follow the player: the lesson it holds and whether a video is in it.
  useEffect(() => {
    setMember(hasMember());
    const look = () => {
      setTargetId(currentTarget({ kind, player, liveId }));
      const v = video();
      setHasVideo(v !== null);
      // A replay opened from a note's link starts at the note's second.
      if (kind === 'live' && v && !seekDone.current) {
        const t = hashSeconds(location.hash);
        if (t !== null) {
          seekDone.current = true;
          const seek = () => (v.currentTime = t);
          if (v.readyState >= 1) seek();
          else v.addEventListener('loadedmetadata', seek, { once: true });
        }
      }
    };
    look();
    const host = document.getElementById(player);
    if (!host) return;
    const observer = new MutationObserver(look);
    observer.observe(host, {
      attributes: true,
      attributeFilter: ['data-lesson-id'],
      childList: true,
      subtree: true,
    });
    return () => observer.disconnect();
  }, [player, kind, liveId, video]);

  const load = useCallback(
    async (id: number) => {
      const r = await api<{ list: NoteView[] }>('get', 'note/list', {
        searchParams: { targetType: kind, targetId: String(id) },
      });
      if (r.code === 200) setNotes(r.data.list);
    },
    [kind],
  );

  useEffect(() => {
    setNotes([]);
    setDraft(null);
    if (member && targetId !== null) void load(targetId);
  }, [member, targetId, load]);

  /** The second the video is at, or null (with a hint) when nothing plays. */
  function here(): number | null {
    const v = video();
    if (!v || targetId === null) {
      toast(NOTES_MSG.noVideo, 'warning');
      return null;
    }
    return Math.floor(v.currentTime);
  }

  function openDraft() {
    if (!member) return askLogin();
    const at = here();
    if (at === null) return;
    const v = video()!;
    const resume = !v.paused;
    v.pause();
    setText('');
    setDraft({ at, resume });
  }

  function closeDraft() {
    if (draft?.resume)
      void video()
        ?.play()
        .catch(() => undefined);
    setDraft(null);
  }

  async function save(form: Record<string, string>) {
    if (targetId === null) return false;
    setBusy(true);
    const r = await api<NoteView>('post', 'note/add', {
      form: { targetType: kind, targetId: String(targetId), ...form },
    });
    setBusy(false);
    if (r.code !== 200) {
      if (r.code === 401) askLogin();
      toast(r.message, 'error');
      return false;
    }
    toast(r.message, 'success');
    await load(targetId);
    return true;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!draft || busy) return;
    const problem = checkNoteBody(text);
    if (problem) return toast(problem, 'warning');
    if (await save({ atSeconds: String(draft.at), body: text })) closeDraft();
  }

  async function bookmark() {
    if (!member) return askLogin();
    const at = here();
    if (at === null || busy) return;
    await save({ atSeconds: String(at), body: '', bookmark: '1' });
  }

  async function remove(note: NoteView) {
    if (!window.confirm('确定删除这条笔记吗？')) return;
    const r = await api('post', 'note/delete', { form: { id: String(note.id) } });
    toast(r.message, r.code === 200 ? 'success' : 'error');
    if (r.code === 200) setNotes((old) => old.filter((n) => n.id !== note.id));
  }

  function saved(note: NoteView) {
    setNotes((old) => old.map((n) => (n.id === note.id ? note : n)));
  }

  function seek(seconds: number) {
    const v = video();
    if (!v) return;
    v.currentTime = seconds;
    v.scrollIntoView({ block: 'nearest' });
  }

  if (member === null) return <div className="player-notes" aria-busy="true" />;
  if (!member)
    return (
      <div className="player-notes" data-player-notes="visitor">
        <p className="muted">
          {kind === 'live'
            ? '登录后可在观看回放时记笔记、加书签'
            : '登录后可在学习时记笔记、加书签'}
        </p>
        <button type="button" className="btn btn-ghost" data-login="password">
          登录记笔记
        </button>
      </div>
    );
  return (
    <div className="player-notes" data-player-notes="member">
      <div className="player-notes-actions">
        <h2>我的笔记</h2>
        <button type="button" className="btn" onClick={openDraft} disabled={!hasVideo || busy}>
          添加笔记
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => void bookmark()}
          disabled={!hasVideo || busy}
          title="在当前时间加书签"
        >
          ★ 书签
        </button>
      </div>
      {!hasVideo && <p className="muted">{NOTES_MSG.noVideo}</p>}
      {draft && (
        <form onSubmit={(e) => void submit(e)} aria-label="添加笔记">
          <label>
            在 <strong data-note-at={draft.at}>{noteClock(draft.at)}</strong> 记笔记
            <textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={NOTE_LIMITS.bodyMax}
              rows={3}
              placeholder="写下这里的要点（最多1000字，仅自己可见）"
              autoFocus
            />
          </label>
          <span className="player-notes-actions">
            <button type="submit" className="btn" disabled={busy}>
              保存笔记
            </button>
            <button type="button" className="btn btn-ghost" onClick={closeDraft}>
              取消
            </button>
          </span>
        </form>
      )}
      {notes.length === 0 ? (
        <p className="muted">还没有笔记。播放时点「添加笔记」或「★ 书签」，记下当前时间点。</p>
      ) : (
        <ol className="player-notes-list" aria-label="本节笔记">
          {notes.map((n) => (
            <li key={n.id} data-note-id={n.id}>
              <button
                type="button"
                className="note-time"
                onClick={() => seek(n.atSeconds ?? 0)}
                title="跳到这里播放"
              >
                {noteClock(n.atSeconds ?? 0)}
              </button>
              <NoteEditor
                note={n}
                empty={NOTES_MSG.bookmark}
                onSaved={saved}
                onDelete={(note) => void remove(note)}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
