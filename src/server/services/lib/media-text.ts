/**
 * The stored form of a video's chapters and subtitles (issue 23), shared by lessons (courses)
 * and replays (live): JSON columns written by the staff forms, read by the gated
 * /api/media/text. Parsing and checking of what staff type is in src/shared/media-text.ts.
 */
import { AppError } from '../../errors.ts';
import {
  MEDIA_TEXT_MSG,
  type Chapter,
  type Cue,
  type MediaText,
} from '../../../shared/media-text.ts';

export type { MediaText };

/** Refuses a chapter that starts at or after the end of the video. */
export function checkChaptersFit(chapters: readonly Chapter[] | undefined, lengthSeconds: number) {
  const past = chapters?.findIndex((c) => c.at >= lengthSeconds) ?? -1;
  if (past >= 0 && lengthSeconds > 0)
    throw AppError.badRequest(`第 ${past + 1} 个章节：${MEDIA_TEXT_MSG.chapterPastEnd}`);
}

/** The JSON columns of a lesson's (or a replay's) chapters and subtitles, for those given. */
export function mediaTextColumns(input: { chapters?: Chapter[]; subtitles?: Cue[] | null }) {
  return {
    ...(input.chapters !== undefined && { chapters: JSON.stringify(input.chapters) }),
    ...(input.subtitles !== undefined && {
      subtitles: input.subtitles === null ? null : JSON.stringify(input.subtitles),
    }),
  };
}

/** The stored columns read back: readMediaText({chapters: '[]', subtitles: null}) → {chapters: [], cues: []} */
export function readMediaText(row: { chapters: string; subtitles: string | null }): MediaText {
  return {
    chapters: JSON.parse(row.chapters) as Chapter[],
    cues: row.subtitles ? (JSON.parse(row.subtitles) as Cue[]) : [],
  };
}
