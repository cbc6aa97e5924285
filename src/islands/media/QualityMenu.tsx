/**
 * The player bar's 画质 menu: 自动 and one entry per rung of the stream's ladder (1080P, 720P,
 * 360P, as its master lists them), from the video's quality control (quality.ts). Choosing one
 * keeps the position and play state; native HLS offers 自动 alone.
 */
import { useEffect, useReducer } from 'react';
import { QUALITY_EVENT, qualityControl } from './quality.ts';

export default function QualityMenu(props: {
  video: HTMLVideoElement | null;
  /** Announces a choice to screen readers. */
  onSay(text: string): void;
}) {
  const [, update] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const video = props.video;
    if (!video) return;
    update();
    video.addEventListener(QUALITY_EVENT, update);
    return () => video.removeEventListener(QUALITY_EVENT, update);
  }, [props.video]);
  const control = qualityControl(props.video);
  const levels = control?.levels ?? [];
  const playing = levels.find((l) => l.index === control?.playing());
  return (
    <label data-quality-playing={playing?.height}>
      画质
      <select
        aria-label="画质"
        value={String(control?.chosen() ?? -1)}
        disabled={!control}
        onChange={(e) => {
          const index = Number(e.target.value);
          control?.choose(index);
          const level = levels.find((l) => l.index === index);
          props.onSay(`画质 ${level ? level.label : '自动'}`);
        }}
      >
        <option value="-1">自动</option>
        {levels.map((l) => (
          <option key={l.index} value={l.index}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}
