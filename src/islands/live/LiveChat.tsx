/**
 * Chat and Q&A beside a live broadcast (issue 26), hydrated when it scrolls into view. The
 * chat is fetched here (the page stays cacheable: nothing per viewer in it), then kept current
 * by the broadcast's event stream (EventSource; it resumes after the last event by itself).
 * Visitors read; sending asks them to log in. Members upvote questions once; staff (the host's
 * part) answer, pin and hide. On a replay the messages follow the video's time, and the
 * answered questions are a list whose times seek the video.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { api } from '../../client/api.ts';
import { apiCredentials, apiUrl } from '../../client/api-origin.ts';
import { toast } from '../../client/toast.ts';
import { LIMITS } from '../../shared/constants.ts';
import { formatClock } from '../../shared/duration.ts';
import { formatIpRegion } from '../../shared/format.ts';
import { fmt } from '../../shared/messages.ts';
import { LIVE_MSG } from '../../shared/messages/live.ts';
import type {
  ChatItem,
  ChatMessage,
  ChatRoomView,
  LiveStatus,
} from '../../server/services/live/index.ts';
import { askLogin, hasMember } from '../members/session.ts';
import './live-chat.css';

const T = LIVE_MSG.chat;

interface Props {
  liveId: number;
  status: LiveStatus;
  /** The id of the element holding the player's `<video>` (the replay's time). */
  player: string;
}

type Item = ChatItem;

/** Puts a changed or new message in its place; a hidden one leaves. */
function upsert(list: Item[], m: ChatMessage): Item[] {
  const i = list.findIndex((x) => x.id === m.id);
  if (m.status === 'hidden') return i === -1 ? list : list.filter((x) => x.id !== m.id);
  if (i === -1) return [...list, { ...m, mine: false, voted: false }];
  const next = list.slice();
  next[i] = { ...m, mine: list[i]!.mine, voted: list[i]!.voted };
  return next;
}

export default function LiveChat({ liveId, status, player }: Props) {
  const [room, setRoom] = useState<ChatRoomView | null>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [tab, setTab] = useState<'chat' | 'questions'>('chat');
  const [text, setText] = useState('');
  const [question, setQuestion] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [offline, setOffline] = useState(false);
  const [answering, setAnswering] = useState<number | null>(null);
  const [answer, setAnswer] = useState('');
  const [at, setAt] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    let source: EventSource | null = null;
    let gone = false;
    void api<{ chat: ChatRoomView }>('get', `live/chat/${liveId}`).then((res) => {
      if (gone || res.code !== 200) return;
      setRoom(res.data.chat);
      setItems(res.data.chat.messages);
      if (res.data.chat.status === 'ended') return;
      source = new EventSource(
        apiUrl(`/api/live/chat/${liveId}/events?after=${res.data.chat.lastEventId}`),
        { withCredentials: apiCredentials() === 'include' },
      );
      source.addEventListener('chat', (e) => {
        setOffline(false);
        setItems((list) => upsert(list, JSON.parse((e as MessageEvent<string>).data)));
      });
      source.addEventListener('open', () => setOffline(false));
      source.addEventListener('error', () => setOffline(true));
    });
    return () => {
      gone = true;
      source?.close();
    };
  }, [liveId]);

  // A replay: follow the video's time.
  const replay = (room?.status ?? status) === 'ended';
  useEffect(() => {
    if (!replay) return;
    let video: HTMLVideoElement | null = null;
    const tick = () => setAt(video ? Math.floor(video.currentTime) : null);
    const look = () => {
      const v = document.getElementById(player)?.querySelector('video') ?? null;
      if (v === video) return;
      video?.removeEventListener('timeupdate', tick);
      video = v;
      video?.addEventListener('timeupdate', tick);
      tick();
    };
    look();
    const host = document.getElementById(player);
    const observer = new MutationObserver(look);
    if (host) observer.observe(host, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      video?.removeEventListener('timeupdate', tick);
    };
  }, [replay, player]);

  // A replay with its video shows what had been said by the video's time; without one, all.
  const shown = replay && at !== null ? items.filter((m) => m.mediaSeconds <= at) : items;
  const pinned = shown.filter((m) => m.pinned);
  const questions = useMemo(
    () =>
      items
        .filter((m) => m.kind === 'question')
        .sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.votes - a.votes || a.id - b.id),
    [items],
  );
  const answered = questions.filter((q) => q.answer);

  // New messages scroll into view.
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [shown.length]);

  const staff = room?.viewer.staff ?? false;
  const onAir = (room?.status ?? status) === 'live';

  async function send(e: FormEvent) {
    e.preventDefault();
    if (!hasMember() || room?.viewer.member === false) return askLogin();
    setBusy(true);
    const res = await api<{ message: Item; notice: string | null }>(
      'post',
      `live/chat/${liveId}/send`,
      { json: { content: text, kind: question ? 'question' : 'message' } },
    );
    setBusy(false);
    if (res.code === 401) return askLogin();
    if (res.code !== 200) return setError(res.message);
    setError('');
    setText('');
    setQuestion(false);
    setItems((list) => {
      const next = upsert(list, res.data.message);
      return next.map((m) => (m.id === res.data.message.id ? { ...m, mine: true } : m));
    });
    if (res.data.notice) toast(res.data.notice, 'warning');
  }

  async function vote(m: Item) {
    if (!hasMember()) return askLogin();
    const res = await api<{ message: ChatMessage }>('post', `live/chat/vote/${m.id}`);
    if (res.code === 401) return askLogin();
    if (res.code !== 200) return toast(res.message, 'error');
    setItems((list) =>
      upsert(list, res.data.message).map((x) => (x.id === m.id ? { ...x, voted: true } : x)),
    );
  }

  async function host(path: 'answer' | 'pin' | 'status', form: Record<string, string>) {
    const res = await api<{ message: ChatMessage }>('post', `admin/live/chat/${path}`, { form });
    if (res.code !== 200) return toast(res.message, 'error');
    setItems((list) => upsert(list, res.data.message));
    setAnswering(null);
    setAnswer('');
  }

  function seek(seconds: number) {
    const v = document.getElementById(player)?.querySelector('video');
    if (v) v.currentTime = seconds;
  }

  const line = (m: Item) => (
    <li key={m.id} className={m.pinned ? 'pinned' : undefined} data-chat-id={m.id}>
      <div className="chat-line">
        {m.pinned && <span className="tag">{T.pinned}</span>}
        {m.kind === 'question' && <span className="tag q">{T.tabQuestions}</span>}
        <b>{m.userName}</b>
        {m.ipRegion && <span className="muted region">{formatIpRegion(m.ipRegion)}</span>}
        {replay && <span className="muted">{formatClock(m.mediaSeconds)}</span>}
        <span className="text">{m.content}</span>
        {m.status === 'held' && <span className="muted">（{T.heldMark}）</span>}
      </div>
      {m.answer && (
        <p className="answer">
          <span className="tag a">{T.answered}</span>
          {m.answer}
        </p>
      )}
      {m.kind === 'question' && m.status === 'visible' && (
        <div className="chat-actions">
          <button
            type="button"
            onClick={() => void vote(m)}
            disabled={m.voted || !onAir}
            aria-pressed={m.voted}
          >
            {m.voted ? T.voteDone : T.vote} {m.votes}
          </button>
          {staff && (
            <button type="button" onClick={() => setAnswering(m.id)}>
              {T.answer}
            </button>
          )}
        </div>
      )}
      {staff && m.status === 'visible' && (
        <div className="chat-actions">
          <button
            type="button"
            onClick={() => void host('pin', { id: String(m.id), pinned: m.pinned ? '0' : '1' })}
          >
            {m.pinned ? T.unpin : T.pin}
          </button>
          <button
            type="button"
            onClick={() => void host('status', { id: String(m.id), status: 'hidden' })}
          >
            {T.hide}
          </button>
        </div>
      )}
      {answering === m.id && (
        <form
          className="chat-answer"
          onSubmit={(e) => {
            e.preventDefault();
            void host('answer', { id: String(m.id), answer });
          }}
        >
          <input
            aria-label={T.answerPlaceholder}
            placeholder={T.answerPlaceholder}
            value={answer}
            maxLength={LIMITS.liveAnswerMax}
            onChange={(e) => setAnswer(e.target.value)}
          />
          <button type="submit">{T.answer}</button>
        </form>
      )}
    </li>
  );

  return (
    <section className="live-chat" aria-label={T.title}>
      <div className="chat-tabs" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'chat'}
          onClick={() => setTab('chat')}
        >
          {T.tabChat}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'questions'}
          onClick={() => setTab('questions')}
        >
          {replay ? T.replayTitle : T.tabQuestions}
        </button>
      </div>
      {offline && <p className="muted">{T.reconnecting}</p>}
      {tab === 'chat' ? (
        <>
          {pinned.length > 0 && (
            <ol className="chat-pinned" aria-label={T.pinned}>
              {pinned.map(line)}
            </ol>
          )}
          <ol className="chat-list" ref={listRef} aria-label={T.tabChat}>
            {shown.length === 0 ? <li className="muted">{T.noMessages}</li> : shown.map(line)}
          </ol>
        </>
      ) : replay ? (
        <ol className="chat-list" aria-label={T.replayTitle}>
          {answered.length === 0 ? (
            <li className="muted">{T.replayEmpty}</li>
          ) : (
            answered.map((q) => (
              <li key={q.id}>
                <button type="button" className="seek" onClick={() => seek(q.mediaSeconds)}>
                  {fmt(T.seek, { time: formatClock(q.mediaSeconds) })}
                </button>
                <span className="text">{q.content}</span>
                <p className="answer">
                  <span className="tag a">{T.answered}</span>
                  {q.answer}
                </p>
              </li>
            ))
          )}
        </ol>
      ) : (
        <ol className="chat-list" aria-label={T.tabQuestions}>
          {questions.length === 0 ? (
            <li className="muted">{T.noQuestions}</li>
          ) : (
            questions.map(line)
          )}
        </ol>
      )}
      {onAir ? (
        <form className="chat-send" onSubmit={(e) => void send(e)}>
          <input
            aria-label={T.placeholder}
            placeholder={T.placeholder}
            value={text}
            maxLength={LIMITS.liveChatMax}
            onChange={(e) => setText(e.target.value)}
          />
          <label>
            <input
              type="checkbox"
              checked={question}
              onChange={(e) => setQuestion(e.target.checked)}
            />
            {T.asQuestion}
          </label>
          <button type="submit" disabled={busy}>
            {T.send}
          </button>
          {error && (
            <p className="chat-error" role="alert">
              {error}
            </p>
          )}
        </form>
      ) : (
        <p className="muted">{replay ? T.readOnlyEnded : T.readOnlyUpcoming}</p>
      )}
    </section>
  );
}
