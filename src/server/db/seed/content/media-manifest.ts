/**
 * Every demo media file the seed refers to, with its real length: lessons,
 * featured videos, short videos (vertical) and the recordings of live
 * broadcasts. `scripts/media.ts` generates them locally with ffmpeg (HLS of
 * fMP4 segments per item; lessons and broadcasts are slides of their topic
 * with drawn diagrams, scripts/media-slides.ts, encoded as quality ladders)
 * and the seed lists each with exactly this length, so the catalogue's
 * durations are the media's.
 */
import { createHash } from 'node:crypto';
import { COURSES } from './courses.ts';
import { LIVES, SHORT_VIDEOS, VIDEOS } from './media.ts';

export interface DemoMedia {
  /**
   * The folder under MEDIA_DIR and the URL part: 'video-3' → /media/gen/video-3/index.m3u8 (open);
   * lessons and broadcasts are sealed, 'sealed/<24 hex>' → /media/sealed/<24 hex>/index.m3u8,
   * played only through a grant (services/learning/media/media-grant.ts).
   */
  key: string;
  kind: 'lesson' | 'video' | 'short' | 'live';
  /** Small line at the top (the course, the author, the speaker). */
  heading: string;
  /** The title drawn large. */
  title: string;
  seconds: number;
  width: number;
  height: number;
  /** Background colour, 0xRRGGBB. */
  color: string;
}

/** The URL of a generated item by its key: demoMediaUrl('video-1') → '/media/gen/video-1/index.m3u8' */
export function demoMediaUrl(key: string): string {
  return key.startsWith('sealed/') ? `/media/${key}/index.m3u8` : `/media/gen/${key}/index.m3u8`;
}

/**
 * A sealed item's key: 24 hex digits of a hash of what it is, so a lesson's address tells
 * nothing about its neighbours' (no 'lesson-12-7' to count on from 'lesson-12-6').
 */
function sealedKey(what: string): string {
  return `sealed/${createHash('sha256').update(`xinxuetang demo media: ${what}`).digest('hex').slice(0, 24)}`;
}

const PALETTE = ['0x1e3a5f', '0x2d4a3e', '0x4a2d4a', '0x3d3a1e', '0x1e4a4a', '0x4a3322'];

/**
 * A lesson's length: 8–28 minutes, fixed per course and lesson so seed and media agree. The
 * seconds are a multiple of 5, so its slides can be drawn at one frame every 5 or 10 s
 * (scripts/media-slides.ts framePeriod) instead of one a second.
 */
export function lessonSeconds(course: number, lesson: number): number {
  const minutes = 8 + ((course * 7 + lesson * 11) % 21);
  const seconds = ((course * 13 + lesson * 17) % 12) * 5;
  return minutes * 60 + seconds;
}

/** A featured video's length: its listed minutes and a few seconds. */
export function videoSeconds(index: number): number {
  return (VIDEOS[index]?.minutes ?? 10) * 60 + ((index * 23) % 60);
}

/** The length of each live broadcast's window in the seed (media.ts liveWindow), in seconds. */
export const LIVE_SECONDS = [7200, 7200, 7200, 7200, 7200, 5400] as const;

/** The key of a course's lesson (both counted from 0). */
export function lessonKey(course: number, lesson: number): string {
  return sealedKey(`lesson-${course + 1}-${lesson + 1}`);
}

/** The key of a broadcast's recording (counted from 0). */
export function liveKey(live: number): string {
  return sealedKey(`live-${live + 1}`);
}

/**
 * The frame size of a lesson or a broadcast's recording, which sets its quality ladder
 * (services/learning/media/media-ladder.ts): 1920×1080 (360p, 720p and 1080p) for the first course
 * (the STM32 course with chapters and subtitles) and the ended broadcasts, 1280×720 (360p and
 * 720p) for the rest, which keeps the build's media time near what one rendition took.
 */
function ladderSize(full: boolean): { width: number; height: number } {
  return full ? { width: 1920, height: 1080 } : { width: 1280, height: 720 };
}

export function demoMediaList(): DemoMedia[] {
  const list: DemoMedia[] = [];
  COURSES.forEach((c, ci) =>
    c.lessons.forEach((title, li) =>
      list.push({
        key: lessonKey(ci, li),
        kind: 'lesson',
        heading: `${c.title} · ${c.teacher}`,
        title: `第${li + 1}讲 ${title}`,
        seconds: lessonSeconds(ci, li),
        ...ladderSize(ci === 0),
        color: PALETTE[ci % PALETTE.length]!,
      }),
    ),
  );
  VIDEOS.forEach((v, i) =>
    list.push({
      key: `video-${i + 1}`,
      kind: 'video',
      heading: '芯学堂精选视频',
      title: v.title,
      seconds: videoSeconds(i),
      width: 480,
      height: 270,
      color: PALETTE[(i + 2) % PALETTE.length]!,
    }),
  );
  SHORT_VIDEOS.forEach((v, i) =>
    list.push({
      key: `short-${i + 1}`,
      kind: 'short',
      heading: `@${v.author}`,
      title: v.title,
      seconds: v.seconds,
      width: 270,
      height: 480,
      color: PALETTE[(i + 4) % PALETTE.length]!,
    }),
  );
  LIVES.forEach((l, i) =>
    list.push({
      key: liveKey(i),
      kind: 'live',
      heading: `直播 · ${l.speaker}`,
      title: l.title,
      seconds: LIVE_SECONDS[i] ?? 7200,
      // The two ended broadcasts (their recordings are the replays) in full.
      ...ladderSize(i < 2),
      color: PALETTE[(i + 1) % PALETTE.length]!,
    }),
  );
  return list;
}
