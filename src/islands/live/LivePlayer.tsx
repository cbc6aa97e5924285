/**
 * The live room's player (spec 2: watching needs login). The page is cached
 * public HTML, so it carries no stream: after login this island asks the
 * member-only /api/live_broadcast/play/{id} for the HLS stream or the
 * allowlisted embed, and builds the player itself. A sealed stream or replay comes with a
 * grant, renewed through /api/media/grant while it plays. A replay has the player's bar
 * (PlayerTools: speed, chapters, subtitles, shortcuts) and opens at `#t=<seconds>` when linked.
 */
import { useEffect, useRef, useState } from 'react';
import { api } from '../../client/api.ts';
import HlsVideo from '../media/HlsVideo.tsx';
import LiveEmbed from './LiveEmbed.tsx';
import PlayerTools from '../media/PlayerTools.tsx';
import '../media/media.css';
import { hasLogin } from '../../client/presence.ts';
import type { LivePlayback, ReplayState } from '../../server/services/live/index.ts';
import type { MediaGrant } from '../../server/services/learning/index.ts';
import { LEARNING_MSG } from '../../shared/messages/learning.ts';
import { LIVE_MSG } from '../../shared/messages/live.ts';

type Play = Pick<LivePlayback, 'status' | 'streamUrl' | 'embedUrl' | 'expiresAt'>;

/** What a visitor is told, by the broadcast's status when the page was made. */
const VISITOR = {
  upcoming: { text: '直播尚未开始，登录后可预约，开播前提醒您', button: '登录预约' },
  live: { text: '直播需要登录后观看', button: '进入直播' },
  ended: { text: '直播已结束，登录后可观看回放', button: '观看回放' },
} as const;

type State =
  | { kind: 'visitor' }
  | { kind: 'loading' }
  | { kind: 'message'; text: string }
  | { kind: 'play'; play: Play };

export default function LivePlayer({
  liveId,
  title,
  status,
  replay,
  startAt,
}: {
  liveId: number;
  title: string;
  status: Play['status'];
  /** Whether an ended broadcast's replay plays, is being made, or will not come. */
  replay: ReplayState;
  /** ISO start: a broadcast on air is joined where it is now, not from its beginning. */
  startAt: string;
}) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const hostRef = useRef<HTMLDivElement | null>(null);
  const playingReplay =
    state.kind === 'play' && state.play.status === 'ended' && !!state.play.streamUrl;
  useEffect(() => {
    if (!hasLogin()) {
      setState({ kind: 'visitor' });
      return;
    }
    void api<{ play: Play }>('get', `live_broadcast/play/${liveId}`).then((res) => {
      if (res.code === 200) setState({ kind: 'play', play: res.data.play });
      else if (res.code === 401) setState({ kind: 'visitor' });
      else setState({ kind: 'message', text: res.message });
    });
  }, [liveId]);

  return (
    <div className="live-player" ref={hostRef}>
      <div className="player-box" data-live-player={state.kind}>
        {state.kind === 'visitor' &&
          (status === 'ended' && replay !== 'ready' ? (
            <div className="player-cover">
              <p>{LIVE_MSG.replay[replay]}</p>
            </div>
          ) : (
            <div className="player-cover">
              <p>{VISITOR[status].text}</p>
              <button type="button" className="btn" data-login="password">
                {VISITOR[status].button}
              </button>
            </div>
          ))}
        {state.kind === 'loading' && <div className="player-cover" aria-busy="true" />}
        {state.kind === 'message' && (
          <div className="player-cover">
            <p role="status">{state.text}</p>
            {status === 'upcoming' && (
              <a className="btn" href="#reserve-title">
                预约直播
              </a>
            )}
          </div>
        )}
        {state.kind === 'play' &&
          (state.play.embedUrl ? (
            <LiveEmbed url={state.play.embedUrl} title={title} />
          ) : state.play.streamUrl ? (
            <HlsVideo
              src={state.play.streamUrl}
              expiresAt={state.play.expiresAt}
              renew={async () => {
                const res = await api<MediaGrant>('post', 'media/grant', {
                  form: { liveId: String(liveId) },
                });
                return res.code === 200 ? res.data : null;
              }}
              label={state.play.status === 'ended' ? `${title}（回放）` : title}
              videoRef={videoRef}
              autoPlay={state.play.status === 'live'}
              startAt={
                state.play.status === 'live'
                  ? Math.max(0, (Date.now() - new Date(startAt).getTime()) / 1000)
                  : linkedSecond(location.hash)
              }
              onFail={() => setState({ kind: 'message', text: LEARNING_MSG.playFailed })}
            />
          ) : (
            <div className="player-cover">
              <p role="status">{LIVE_MSG.liveNoStream}</p>
            </div>
          ))}
      </div>
      {status === 'ended' && (
        <PlayerTools
          videoRef={videoRef}
          hostRef={hostRef}
          source={playingReplay ? { liveId } : null}
        />
      )}
    </div>
  );
}

/** The second a link asks a replay to start at: `#t=83` → 83. */
function linkedSecond(hash: string): number | undefined {
  const t = Number(new URLSearchParams(hash.replace(/^#/, '')).get('t'));
  return Number.isFinite(t) && t > 0 ? t : undefined;
}
