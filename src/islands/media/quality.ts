/**
 * The quality of the stream in a <video> (issue 23's ladder: a master playlist of 360p, 720p and
 * 1080p renditions). hls.ts gives each video it plays a control: the rungs of its master and a
 * way to hold one of them or leave the choice to hls.js (自动); the 画质 menu (QualityMenu.tsx)
 * reads it. The member's choice is remembered on this browser by height, like the speed, and a
 * later stream starts at the same rung when it has one. Native HLS (Safari without MSE) chooses
 * for itself: its control has no rungs, and the menu offers 自动 alone.
 */
import { STORAGE_KEYS } from '../../shared/constants.ts';

/** One rung of a stream: its index in hls.js's levels, its height and label ('720P'). */
export interface QualityLevel {
  index: number;
  height: number;
  label: string;
}

export interface QualityControl {
  /** Highest first; empty when the browser chooses (native HLS). */
  levels: QualityLevel[];
  /** The rung held (its index), or -1 for 自动. */
  chosen(): number;
  /** The rung playing now, or -1 when not known yet. */
  playing(): number;
  /** Holds a rung now, keeping the position and play state (-1: 自动 again). */
  choose(index: number): void;
}

/** Fired on the video whenever its control or its state changes. */
export const QUALITY_EVENT = 'xxt-quality';

const controls = new WeakMap<HTMLVideoElement, QualityControl>();

export function setQualityControl(video: HTMLVideoElement, control: QualityControl | null): void {
  if (control) controls.set(video, control);
  else controls.delete(video);
  video.dispatchEvent(new Event(QUALITY_EVENT));
}

export function qualityControl(video: HTMLVideoElement | null): QualityControl | null {
  return (video && controls.get(video)) ?? null;
}

/** A level's rung by its short side: {width: 1920, height: 1080} → 1080, label '1080P'. */
export function toLevels(list: readonly { width: number; height: number }[]): QualityLevel[] {
  return list
    .map((l, index) => {
      const height = Math.min(l.width || l.height, l.height || l.width);
      return { index, height, label: `${height}P` };
    })
    .filter((l) => l.height > 0)
    .sort((a, b) => b.height - a.height);
}

function qualityKey(): string {
  let member = 'visitor';
  try {
    member = localStorage.getItem(STORAGE_KEYS.mobile) ?? member;
  } catch {
    // Storage blocked: nothing is remembered anyway.
  }
  return `xxt.quality.${member}`;
}

/** The remembered rung height, or null for 自动. */
export function storedQuality(): number | null {
  try {
    const n = Number(localStorage.getItem(qualityKey()));
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

export function storeQuality(height: number | null): void {
  try {
    if (height) localStorage.setItem(qualityKey(), String(height));
    else localStorage.removeItem(qualityKey());
  } catch {
    // Not remembered: the choice still applies to this video.
  }
}

/** The level to hold for a remembered height: that rung when the stream has it, else -1. */
export function preferredLevel(levels: readonly QualityLevel[], height: number | null): number {
  return levels.find((l) => l.height === height)?.index ?? -1;
}
