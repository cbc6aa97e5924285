/**
 * The platform's own iframe around an allowlisted player URL (live-embed.ts).
 * The URL is checked again here, so even an answer that was tampered with on
 * the way renders nothing unless it passes; the sandbox lets the player run
 * but not navigate this page, open popups or submit forms to it.
 */
import { EMBED_SANDBOX, embedUrlOf } from '../../shared/live-embed.ts';

export default function LiveEmbed({ url, title }: { url: string; title: string }) {
  const src = embedUrlOf(url);
  if (!src) return null;
  return (
    <iframe
      className="live-embed"
      src={src}
      title={title}
      sandbox={EMBED_SANDBOX}
      allow="autoplay; fullscreen; picture-in-picture"
      referrerPolicy="no-referrer"
      loading="lazy"
      width="800"
      height="450"
    />
  );
}
