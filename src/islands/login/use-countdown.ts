import { useEffect, useRef, useState } from 'react';

/** A countdown in whole seconds: start(60) → 60, 59, … 0. */
export function useCountdown(): { left: number; start(seconds: number): void } {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );
  return {
    left,
    start(seconds) {
      if (timer.current) clearInterval(timer.current);
      const until = Date.now() + seconds * 1000;
      setLeft(seconds);
      timer.current = setInterval(() => {
        const rest = Math.max(0, Math.ceil((until - Date.now()) / 1000));
        setLeft(rest);
        if (rest === 0 && timer.current) clearInterval(timer.current);
      }, 250);
    },
  };
}
