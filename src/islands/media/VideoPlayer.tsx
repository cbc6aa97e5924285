/**
 * A featured video's player (issue 15): the cached page shows the poster in
 * the player's reserved 16:9 box; the first click starts HLS playback (hls.js
 * loads then), so pages that are only read load no player code.
 */
import { useState } from 'react';
import { MEDIA_MSG } from '../../shared/media-messages.ts';
import HlsVideo from './HlsVideo.tsx';
import './media.css';

interface Props {
  src: string;
  title: string;
  poster: string | null;
}

export default function VideoPlayer({ src, title, poster }: Props) {
  const [state, setState] = useState<'poster' | 'play' | 'failed'>('poster');
  return (
    <div className="player-box" data-video-player={state}>
      {state === 'poster' && (
        <button
          type="button"
          className="player-cover poster"
          onClick={() => setState('play')}
          aria-label={`播放：${title}`}
        >
          {poster && <img src={poster} alt="" width="800" height="450" />}
          <span className="play-icon" aria-hidden="true">
            ▶
          </span>
        </button>
      )}
      {state === 'play' && (
        <HlsVideo src={src} label={title} autoPlay onFail={() => setState('failed')} />
      )}
      {state === 'failed' && (
        <div className="player-cover">
          <p role="status">{MEDIA_MSG.playFailed}</p>
        </div>
      )}
    </div>
  );
}
