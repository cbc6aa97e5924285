/**
 * What a lesson or replay player offers beside the browser's own controls (issue 23): speed
 * 0.5–2× remembered for the member, the 画质 menu (QualityMenu.tsx), subtitles, picture-in-picture, chapters on a strip along the
 * timeline and in a list, a transcript that follows playback, is searchable and seeks on click,
 * and keyboard shortcuts (space, ←/→ 5 s, ↑/↓ volume, F full screen) announced to screen
 * readers. Chapters and subtitles come from GET /api/media/text, behind the video's own gate.
 * The bar keeps its height from the first paint; the panels open only on a click.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { api } from '../../client/api.ts';
import { STORAGE_KEYS } from '../../shared/constants.ts';
import { clock } from '../../shared/duration.ts';
import QualityMenu from './QualityMenu.tsx';
import {
  chapterAt,
  cueAt,
  type Chapter,
  type Cue,
  type MediaText,
} from '../../shared/media-text.ts';

export const RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
const SEEK_STEP = 5;

/** The storage key of the member's speed (per member on this browser; a visitor's is shared). */
function rateKey(): string {
  let member = 'visitor';
  try {
    member = localStorage.getItem(STORAGE_KEYS.mobile) ?? member;
  } catch {
    // Storage blocked: the key is only used with storage anyway.
  }
  return `xxt.playbackRate.${member}`;
}

/** The remembered speed, 1 when none or not one of RATES. */
export function storedRate(): number {
  try {
    const n = Number(localStorage.getItem(rateKey()));
    return (RATES as readonly number[]).includes(n) ? n : 1;
  } catch {
    return 1;
  }
}

function storeRate(rate: number): void {
  try {
    localStorage.setItem(rateKey(), String(rate));
  } catch {
    // Not remembered: the speed still applies to this video.
  }
}

/** Marks where `query` occurs in a cue's text. */
function marked(text: string, query: string) {
  if (!query) return text;
  const parts = text.split(query);
  return parts.flatMap((p, i) => (i === 0 ? [p] : [<mark key={i}>{query}</mark>, p]));
}

type Panel = 'chapters' | 'transcript';

/** A bar button that opens one panel below the player (and closes it again). */
function PanelButton(props: {
  name: Panel;
  open: Panel | null;
  onToggle(next: Panel | null): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-small"
      aria-expanded={props.open === props.name}
      onClick={() => props.onToggle(props.open === props.name ? null : props.name)}
    >
      {props.children}
    </button>
  );
}

interface Props {
  /** The video in the player now, null while there is none. */
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The element whose keys drive the player (the player and its bar). */
  hostRef: RefObject<HTMLElement | null>;
  /** Which media's chapters and subtitles to read; changes with the video. Null: none yet. */
  source: { lessonId: number } | { liveId: number } | null;
}

export default function PlayerTools({ videoRef, hostRef, source }: Props) {
  const [rate, setRate] = useState(1);
  const [text, setText] = useState<MediaText | null>(null);
  const [duration, setDuration] = useState(0);
  const [now, setNow] = useState(0);
  const [captions, setCaptions] = useState(true);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [query, setQuery] = useState('');
  const [said, setSaid] = useState('');
  const listRef = useRef<HTMLOListElement | null>(null);
  const sourceKey = source ? JSON.stringify(source) : null;

  // The text of the media in the player.
  useEffect(() => {
    setText(null);
    if (!source) return;
    let stale = false;
    void api<MediaText>('get', 'media/text', {
      searchParams: Object.fromEntries(Object.entries(source).map(([k, v]) => [k, String(v)])),
    }).then((res) => {
      if (!stale && res.code === 200) setText(res.data);
    });
    return () => {
      stale = true;
    };
  }, [sourceKey]);

  // The video's speed, length and time; the speed is the member's from the first frame.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !source) return;
    const r = storedRate();
    setRate(r);
    video.defaultPlaybackRate = r;
    video.playbackRate = r;
    const onMeta = () => {
      setDuration(Number.isFinite(video.duration) ? video.duration : 0);
      video.playbackRate = storedRate();
    };
    const onTime = () => setNow(video.currentTime);
    const onRate = () => setRate(video.playbackRate);
    onMeta();
    video.addEventListener('loadedmetadata', onMeta);
    video.addEventListener('durationchange', onMeta);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('ratechange', onRate);
    return () => {
      video.removeEventListener('loadedmetadata', onMeta);
      video.removeEventListener('durationchange', onMeta);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('ratechange', onRate);
    };
  }, [sourceKey, videoRef.current]);

  // Subtitles as a text track of the video (cues added directly: no file address to guard).
  const track = useRef<TextTrack | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    track.current = null;
    if (!video || !text?.cues.length || typeof VTTCue === 'undefined') return;
    const t = video.addTextTrack('subtitles', '中文', 'zh-CN');
    for (const c of text.cues) t.addCue(new VTTCue(c.start, c.end, c.text));
    t.mode = captions ? 'showing' : 'hidden';
    track.current = t;
    return () => {
      t.mode = 'disabled';
    };
  }, [text, videoRef.current]);
  useEffect(() => {
    if (track.current) track.current.mode = captions ? 'showing' : 'hidden';
  }, [captions]);

  const seek = (t: number, say?: string) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = Math.max(0, Math.min(t, video.duration || t));
    setNow(video.currentTime);
    if (say) setSaid(say);
  };

  const chooseRate = (r: number) => {
    const video = videoRef.current;
    storeRate(r);
    setRate(r);
    if (video) {
      video.defaultPlaybackRate = r;
      video.playbackRate = r;
    }
    setSaid(`倍速 ${r}×`);
  };

  // Keyboard shortcuts on the player and its bar (not while typing in a field).
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const onKey = (e: KeyboardEvent) => {
      const video = videoRef.current;
      const el = e.target as HTMLElement;
      if (!video || e.altKey || e.ctrlKey || e.metaKey) return;
      if (el.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (el.closest('button') && (e.key === ' ' || e.key === 'Enter')) return;
      let say: string;
      switch (e.key) {
        case ' ':
        case 'k':
          if (video.paused) {
            void video.play().catch(() => undefined);
            say = '播放';
          } else {
            video.pause();
            say = '暂停';
          }
          break;
        case 'ArrowLeft':
        case 'ArrowRight': {
          const by = e.key === 'ArrowLeft' ? -SEEK_STEP : SEEK_STEP;
          const to = Math.max(0, Math.min(video.currentTime + by, video.duration || 0));
          video.currentTime = to;
          say = `${by < 0 ? '后退' : '前进'} ${SEEK_STEP} 秒，${clock(to)}`;
          break;
        }
        case 'ArrowUp':
        case 'ArrowDown': {
          const v = Math.round((video.volume + (e.key === 'ArrowUp' ? 0.1 : -0.1)) * 10) / 10;
          video.volume = Math.max(0, Math.min(1, v));
          video.muted = false;
          say = `音量 ${Math.round(video.volume * 100)}%`;
          break;
        }
        case 'f':
        case 'F': {
          const box = video.closest('.player-box') ?? video;
          if (document.fullscreenElement) {
            void document.exitFullscreen().catch(() => undefined);
            say = '退出全屏';
          } else {
            void box.requestFullscreen?.().catch(() => undefined);
            say = '全屏';
          }
          break;
        }
        default:
          return;
      }
      e.preventDefault();
      e.stopPropagation();
      setSaid(say);
    };
    host.addEventListener('keydown', onKey, true);
    return () => host.removeEventListener('keydown', onKey, true);
  }, [hostRef.current]);

  const chapters: Chapter[] = useMemo(
    () => (text?.chapters ?? []).filter((c) => !duration || c.at < duration),
    [text, duration],
  );
  const cues: Cue[] = text?.cues ?? [];
  const chapterNow = chapterAt(chapters, now);
  const cueNow = cueAt(cues, now);
  const shown = useMemo(
    () =>
      cues
        .map((c, i) => ({ ...c, i }))
        .filter((c) => !query.trim() || c.text.includes(query.trim())),
    [cues, query],
  );

  // The transcript keeps the current line in view, inside its own box (the page stays still).
  useEffect(() => {
    const list = listRef.current;
    const li = list?.querySelector<HTMLElement>(`[data-cue="${cueNow}"]`);
    if (!list || !li || query) return;
    if (
      li.offsetTop < list.scrollTop ||
      li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight
    )
      list.scrollTop = li.offsetTop - list.clientHeight / 3;
  }, [cueNow, panel, query]);

  const pip = typeof document !== 'undefined' && document.pictureInPictureEnabled;
  const ready = source !== null;

  return (
    <div className="player-tools" data-player-tools={ready ? 'ready' : 'waiting'}>
      <div className="chapter-strip" aria-hidden={chapters.length === 0}>
        {duration > 0 &&
          chapters.map((c, i) => (
            <button
              key={c.at}
              type="button"
              className={i === chapterNow ? 'mark now' : 'mark'}
              style={{ left: `${(c.at / duration) * 100}%` }}
              title={`${clock(c.at)} ${c.title}`}
              aria-label={`章节：${c.title}（${clock(c.at)}）`}
              onClick={() => seek(c.at, `跳到章节：${c.title}`)}
            />
          ))}
      </div>
      <div className="player-bar">
        <label>
          倍速
          <select
            aria-label="播放倍速"
            value={rate}
            disabled={!ready}
            onChange={(e) => chooseRate(Number(e.target.value))}
          >
            {RATES.map((r) => (
              <option key={r} value={r}>
                {r}×
              </option>
            ))}
          </select>
        </label>
        {ready && <QualityMenu video={videoRef.current} onSay={setSaid} />}
        {cues.length > 0 && (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-pressed={captions}
            onClick={() => setCaptions((c) => !c)}
          >
            字幕
          </button>
        )}
        {chapters.length > 0 && (
          <PanelButton name="chapters" open={panel} onToggle={setPanel}>
            章节（{chapters.length}）
          </PanelButton>
        )}
        {cues.length > 0 && (
          <PanelButton name="transcript" open={panel} onToggle={setPanel}>
            文稿
          </PanelButton>
        )}
        {pip && ready && (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => {
              const video = videoRef.current;
              if (!video) return;
              if (document.pictureInPictureElement) void document.exitPictureInPicture();
              else void video.requestPictureInPicture().catch(() => undefined);
            }}
          >
            画中画
          </button>
        )}
        <span className="muted shortcuts">
          快捷键：空格 播放/暂停 · ←/→ 5 秒 · ↑/↓ 音量 · F 全屏
        </span>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
      {panel === 'chapters' && (
        <ol className="chapter-list" aria-label="章节">
          {chapters.map((c, i) => (
            <li key={c.at} aria-current={i === chapterNow ? 'true' : undefined}>
              <button type="button" onClick={() => seek(c.at, `跳到章节：${c.title}`)}>
                <time>{clock(c.at)}</time> {c.title}
              </button>
            </li>
          ))}
        </ol>
      )}
      {panel === 'transcript' && (
        <div className="transcript">
          <input
            type="search"
            aria-label="搜索文稿"
            placeholder="搜索文稿"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          {shown.length === 0 ? (
            <p className="muted">没有找到“{query.trim()}”</p>
          ) : (
            <ol ref={listRef} aria-label="文稿">
              {shown.map((c) => (
                <li key={c.i} data-cue={c.i} aria-current={c.i === cueNow ? 'true' : undefined}>
                  <button type="button" onClick={() => seek(c.start, `跳到 ${clock(c.start)}`)}>
                    <time>{clock(c.start)}</time> {marked(c.text, query.trim())}
                  </button>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
