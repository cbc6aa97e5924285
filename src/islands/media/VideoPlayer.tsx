/**
 * A featured video's player (issue 15). The cached page shows the poster in
 * the player's reserved 16:9 box; its first click mounts this island there
 * (client/video-slot.ts), which starts HLS playback at once (hls.js loads
 * then), so a page that is only read loads no player code.
 */
import { useState } from 'react';
import HlsVideo from './HlsVideo.tsx';
import './media.css';
import { LEARNING_MSG } from '../../shared/messages/learning.ts';

export interface VideoPlayerProps {
  src: string;
  title: string;
  poster: string | null;
}

export default function VideoPlayer({ src, title, poster }: VideoPlayerProps) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="player-box" data-video-player={failed ? 'failed' : 'play'}>
      {failed ? (
        <div className="player-cover">
          <p role="status">{LEARNING_MSG.playFailed}</p>
        </div>
      ) : (
        <HlsVideo
          src={src}
          label={title}
          poster={poster ?? undefined}
          autoPlay
          onFail={() => setFailed(true)}
        />
      )}
    </div>
  );
}
