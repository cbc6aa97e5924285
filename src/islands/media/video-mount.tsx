/** Mounts the featured-video player over its poster, on the poster's first click. */
import { createRoot } from 'react-dom/client';
import VideoPlayer, { type VideoPlayerProps } from './VideoPlayer.tsx';

/** The render replaces the slot's poster at once, so nothing in the box shifts. */
export function mountVideoPlayer(slot: HTMLElement, props: VideoPlayerProps): void {
  createRoot(slot).render(<VideoPlayer {...props} />);
}
