/**
 * The lesson player of a course page. The cached page is the visitor view, so the viewer's
 * own access comes from /api/course/detail. A member's lesson plays with a watch key from
 * /api/duration/key (which gating refuses for locked lessons), resumes at the member's
 * position, and reports the ranges actually played to /api/duration/add (watch-tracker.ts).
 * A visitor plays free courses and free previews without a key. Either way the media come
 * through a short-lived grant (services/learning/media/media-grant.ts) that the player renews
 * through /api/media/grant while it plays. A link to `#lesson=<id>&t=<seconds>` (a member's
 * note) opens that lesson at that second.
 */
import { apiUrl } from '../../client/api-origin.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../client/api.ts';
import { courseDetailOnce } from '../../client/course-detail.ts';
import { toast } from '../../client/toast.ts';
import HlsVideo from './HlsVideo.tsx';
import PlayerTools from './PlayerTools.tsx';
import type { Grant } from './hls.ts';
import { trackWatching, type WatchReport } from './watch-tracker.ts';
import { loadChunk } from '../../client/chunk-load.ts';
import type LessonChecks from '../lesson/LessonChecks.tsx';
import type LessonQuestions from '../lesson/LessonQuestions.tsx';
import { MSG } from '../../shared/messages.ts';
import './media.css';
import { hasLogin } from '../../client/presence.ts';
import { takeClaim } from '../../client/claims.ts';
import { LEARNING_MSG } from '../../shared/messages/learning.ts';
import type { GatedLesson } from '../../server/services/commerce/index.ts';
import type { MediaGrant, WatchAdded, WatchStart } from '../../server/services/learning/index.ts';

/** The outline's 播放 buttons (LessonOutline.astro), answered here. */
export const PLAY_BUTTON = '[data-play-lesson]';

type Lesson = Pick<GatedLesson, 'id' | 'title' | 'locked' | 'videoUrl'>;

type State =
  | { kind: 'visitor' | 'loading' | 'none' }
  | { kind: 'message'; text: string }
  | { kind: 'ready'; lesson: Lesson; grant: Grant };

/** The lesson and second a link asks for: `#lesson=7&t=83` → { lessonId: 7, t: 83 }. */
export function linkedLesson(hash: string): { lessonId: number; t: number } | null {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const lessonId = Number(p.get('lesson'));
  const t = Number(p.get('t') ?? 0);
  if (!Number.isInteger(lessonId) || lessonId <= 0) return null;
  return { lessonId, t: Number.isFinite(t) && t > 0 ? t : 0 };
}

/**
 * Scrolls the player's picture into view (not the whole island, taller than a phone's screen
 * with its tools): a lesson chosen from the outline or a link plays there, and its stream starts
 * once it is seen (HlsVideo's whenSeen).
 */
function showPlayer(): void {
  document.querySelector('#lesson-player .player-box')?.scrollIntoView({ block: 'nearest' });
}

/** A fresh grant for a lesson's media, or null when it cannot be had now. */
async function renewLesson(lessonId: number): Promise<Grant | null> {
  const res = await api<MediaGrant>('post', 'media/grant', {
    form: { lessonId: String(lessonId) },
  });
  return res.code === 200 ? res.data : null;
}

export default function LessonPlayer({ courseId }: { courseId: number }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [lessons, setLessons] = useState<Lesson[]>([]);
  const [watched, setWatched] = useState<number | null>(null);
  const keyRef = useRef<WatchStart | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const hostRef = useRef<HTMLDivElement | null>(null);
  /** A linked second to start at instead of the member's last position. */
  const startAt = useRef<number | null>(null);
  /** 课内练习 (LessonChecks.tsx), loaded once a member's lesson is in the player. */
  const [Checks, setChecks] = useState<typeof LessonChecks | null>(null);
  /** 课时问答 (LessonQuestions.tsx) of the chosen lesson, loaded once one is chosen. */
  const [Questions, setQuestions] = useState<typeof LessonQuestions | null>(null);
  const [asking, setAsking] = useState<number | null>(null);

  // The lesson in the player: choosing it again keeps its watch key (it is not loaded
  // again, so nothing would ask for a new key and every report would be dropped).
  const readyId = useRef<number | null>(null);
  const member = useRef(false);
  /** The lessons with this reader's access, once known (read by the outline's buttons). */
  const known = useRef<Lesson[] | null>(null);
  /** A lesson asked for in the outline before its access was known: chosen when it is. */
  const wanted = useRef<number | null>(null);
  const choose = useCallback((lesson: Lesson | undefined) => {
    if (lesson && !lesson.locked && lesson.videoUrl && readyId.current === lesson.id) return;
    readyId.current = null;
    // Its questions: a member's locked lesson too (the teacher and staff answer there; anyone
    // else is refused by the server and the section stays empty).
    setAsking(lesson && (member.current || (!lesson.locked && lesson.videoUrl)) ? lesson.id : null);
    if (!lesson) return setState({ kind: member.current ? 'none' : 'visitor' });
    if (lesson.locked || !lesson.videoUrl)
      return setState(
        member.current ? { kind: 'message', text: LEARNING_MSG.lessonLocked } : { kind: 'visitor' },
      );
    readyId.current = lesson.id;
    keyRef.current = null;
    setWatched(null);
    setState({ kind: 'loading' });
    // A member's watch key brings the grant; a visitor (free lessons only) asks for the grant alone.
    void (async () => {
      let grant: Grant | null;
      let text: string = LEARNING_MSG.playFailed;
      if (member.current) {
        const res = await api<WatchStart>('post', 'duration/key', {
          form: { lessonId: String(lesson.id) },
        });
        if (res.code === 200) {
          keyRef.current = res.data;
          setWatched(res.data.watchedSeconds);
        } else text = res.message;
        grant = res.code === 200 ? res.data : null;
      } else {
        const res = await api<MediaGrant>('post', 'media/grant', {
          form: { lessonId: String(lesson.id) },
        });
        if (res.code !== 200) text = res.message;
        grant = res.code === 200 ? res.data : null;
      }
      if (readyId.current !== lesson.id) return;
      setState(grant ? { kind: 'ready', lesson, grant } : { kind: 'message', text });
    })();
  }, []);

  useEffect(() => {
    member.current = hasLogin();
    void courseDetailOnce(courseId).then((res) => {
      if (res.code !== 200) return setState({ kind: 'message', text: res.message });
      known.current = res.data.detail.lessons;
      setLessons(res.data.detail.lessons);
      // The cached outline shows the visitor's locks: drop those this member has opened.
      for (const l of res.data.detail.lessons) {
        if (l.locked) continue;
        const row = document.querySelector(`[data-play-lesson="${l.id}"]`)?.closest('li');
        row?.classList.remove('locked');
        row?.querySelector('.lock')?.remove();
      }
      const asked = res.data.detail.lessons.find((l) => l.id === wanted.current);
      wanted.current = null;
      // Clicked in the outline while loading: that lesson, as the click would have chosen it.
      if (asked && (member.current || !asked.locked)) return choose(asked);
      const link = linkedLesson(location.hash);
      const linked = link && res.data.detail.lessons.find((l) => l.id === link.lessonId);
      if (linked && !linked.locked) {
        startAt.current = link!.t;
        showPlayer();
      }
      choose(linked && !linked.locked ? linked : res.data.detail.lessons.find((l) => !l.locked));
    });
  }, [courseId, choose]);

  // A link to another second (or lesson) of this page while it is open.
  useEffect(() => {
    const onHash = () => {
      const link = linkedLesson(location.hash);
      const lesson = link && lessons.find((l) => l.id === link.lessonId);
      if (!link || !lesson) return;
      if (readyId.current === lesson.id && videoRef.current) {
        videoRef.current.currentTime = link.t;
        return;
      }
      startAt.current = link.t;
      choose(lesson);
      showPlayer();
    };
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, [lessons, choose]);

  // The outline's play buttons (static HTML) choose a lesson here; a visitor's locked
  // lesson is left to the login the page offers. A click held while the player loaded
  // (client:near) is answered first.
  useEffect(() => {
    /** Whether the button's lesson was taken here (its click's default is then prevented). */
    const play = (el: HTMLElement): boolean => {
      const id = Number(el.dataset.playLesson);
      // Access not known yet (the course's detail is on its way): the lesson is chosen when it
      // is, instead of an empty choice that would leave the player on 购买课程后即可观看.
      if (!known.current) {
        wanted.current = id;
        showPlayer();
        return true;
      }
      const lesson = known.current.find((l) => l.id === id);
      if (!lesson || (!member.current && lesson.locked)) return false;
      choose(lesson);
      showPlayer();
      return true;
    };
    const onClick = (e: MouseEvent) => {
      const el = (e.target as Element | null)?.closest<HTMLElement>(PLAY_BUTTON);
      if (el && play(el)) e.preventDefault();
    };
    document.addEventListener('click', onClick);
    const held = takeClaim(hostRef.current, PLAY_BUTTON);
    if (held) play(held);
    return () => document.removeEventListener('click', onClick);
  }, [choose]);

  const onReady = useCallback((video: HTMLVideoElement) => {
    const position = startAt.current ?? keyRef.current?.position ?? 0;
    startAt.current = null;
    if (position > 0) video.currentTime = position;
  }, []);

  // Reports go out one at a time, in order, so each is measured against the previous one.
  useEffect(() => {
    const video = videoRef.current;
    if (state.kind !== 'ready' || !video) return;
    let chain = Promise.resolve();
    const send = (r: WatchReport, final?: boolean) => {
      const key = keyRef.current?.key;
      if (!key) return;
      const form: Record<string, string> = { key, position: String(Math.floor(r.position)) };
      if (r.from !== undefined && r.to !== undefined) {
        form.from = r.from.toFixed(1);
        form.to = r.to.toFixed(1);
      }
      if (final && navigator.sendBeacon?.(apiUrl('/api/duration/add'), new URLSearchParams(form)))
        return;
      chain = chain.then(async () => {
        const res = await api<WatchAdded>('post', 'duration/add', { form });
        if (res.code !== 200) return;
        setWatched(res.data.watchedSeconds);
        if (res.data.courseCompleted && !keyRef.current?.completed)
          toast(LEARNING_MSG.courseCompleted, 'success');
        if (keyRef.current) keyRef.current.completed = res.data.completed;
      });
    };
    return trackWatching(video, send);
  }, [state]);

  const memberReady = state.kind === 'ready' && member.current;
  useEffect(() => {
    if (!memberReady || Checks) return;
    loadChunk(() => import('../lesson/LessonChecks.tsx')).then(
      (m) => setChecks(() => m.default),
      () => toast(MSG.chunkLoadFailed, 'error'),
    );
  }, [memberReady, Checks]);

  useEffect(() => {
    if (asking === null || Questions) return;
    loadChunk(() => import('../lesson/LessonQuestions.tsx')).then(
      (m) => setQuestions(() => m.default),
      () => toast(MSG.chunkLoadFailed, 'error'),
    );
  }, [asking, Questions]);

  return (
    <div
      id="lesson-player"
      className="lesson-player"
      ref={hostRef}
      data-lesson-id={state.kind === 'ready' ? state.lesson.id : undefined}
    >
      <div className="player-box" data-lesson-player={state.kind}>
        {state.kind === 'visitor' && (
          <div className="player-cover">
            <p>登录后即可观看课程视频，并记录学习进度</p>
            <button type="button" className="btn" data-login="password">
              登录观看
            </button>
          </div>
        )}
        {state.kind === 'none' && (
          <div className="player-cover">
            <p>购买课程后即可观看全部课时</p>
          </div>
        )}
        {state.kind === 'message' && (
          <div className="player-cover">
            <p role="status">{state.text}</p>
          </div>
        )}
        {state.kind === 'ready' && (
          <HlsVideo
            key={state.lesson.id}
            src={state.grant.url}
            expiresAt={state.grant.expiresAt}
            renew={() => renewLesson(state.lesson.id)}
            label={state.lesson.title}
            videoRef={videoRef}
            onReady={onReady}
            onFail={() => setState({ kind: 'message', text: LEARNING_MSG.playFailed })}
            whenSeen
          />
        )}
      </div>
      <PlayerTools
        videoRef={videoRef}
        hostRef={hostRef}
        source={state.kind === 'ready' ? { lessonId: state.lesson.id } : null}
      />
      {state.kind === 'ready' && (
        <p className="muted lesson-now">
          正在播放：{state.lesson.title}
          {watched !== null && <span data-watched={watched}> · 已观看 {watched} 秒</span>}
        </p>
      )}
      {memberReady && Checks && <Checks lessonId={state.lesson.id} videoRef={videoRef} />}
      {asking !== null && Questions && <Questions lessonId={asking} courseId={courseId} />}
    </div>
  );
}
