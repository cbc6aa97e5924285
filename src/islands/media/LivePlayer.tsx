/**
 * The live room's player (spec 2: watching needs login). The page is cached
 * public HTML, so it carries no stream: after login this island asks the
 * member-only /api/live_broadcast/play/{id} for the HLS stream or the
 * allowlisted embed, and builds the player itself.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { STORAGE_KEYS } from '../../shared/constants.ts';
import { MEDIA_MSG } from '../../shared/media-messages.ts';
import HlsVideo from './HlsVideo.tsx';
import LiveEmbed from './LiveEmbed.tsx';
import './media.css';

interface Play {
  streamUrl: string | null;
  embedUrl: string | null;
}

type State =
  | { kind: 'visitor' }
  | { kind: 'loading' }
  | { kind: 'message'; text: string }
  | { kind: 'play'; play: Play };

export default function LivePlayer({ liveId, title }: { liveId: number; title: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    if (!localStorage.getItem(STORAGE_KEYS.mobile)) {
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
    <div className="player-box" data-live-player={state.kind}>
      {state.kind === 'visitor' && (
        <div className="player-cover">
          <p>直播需要登录后观看</p>
          <button type="button" className="btn" data-login="password">
            进入直播
          </button>
        </div>
      )}
      {state.kind === 'loading' && <div className="player-cover" aria-busy="true" />}
      {state.kind === 'message' && (
        <div className="player-cover">
          <p role="status">{state.text}</p>
        </div>
      )}
      {state.kind === 'play' &&
        (state.play.embedUrl ? (
          <LiveEmbed url={state.play.embedUrl} title={title} />
        ) : state.play.streamUrl ? (
          <HlsVideo
            src={state.play.streamUrl}
            label={title}
            autoPlay
            loop
            onFail={() => setState({ kind: 'message', text: MEDIA_MSG.playFailed })}
          />
        ) : (
          <div className="player-cover">
            <p role="status">{MEDIA_MSG.liveNoStream}</p>
          </div>
        ))}
    </div>
  );
}
