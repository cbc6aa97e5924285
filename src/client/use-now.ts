/**
 * The reader's clock for an island showing a countdown: the first render uses the
 * instant the page was rendered at (so hydration matches the cached HTML), then the
 * browser's clock, ticking every second while `ticking` holds.
 */
import { useEffect, useState } from 'react';

export function useNow(renderedAtMs: number, ticking: boolean): number {
  const [now, setNow] = useState(renderedAtMs);
  useEffect(() => {
    setNow(Date.now());
    if (!ticking) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}
