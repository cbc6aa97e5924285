/**
 * The learning domain: what a member does with a lesson or a broadcast (issue 6).
 * Owns lesson watch keys and counted watch time, lesson media lengths, the
 * member-only live stream and reservations, and signed exam links.
 */
export {
  checkRange,
  effectiveLength,
  isComplete,
  mergeRanges,
  parseRanges,
  totalSeconds,
  type Range,
} from './duration.ts';
export { DEV_EXAM_SECRET, examConfig, examInfo, signParams, verifyExamQuery } from './exam.ts';
export {
  EXAM_TEXT,
  listExamResults,
  receiveExamResult,
  type ExamCallback,
  type ExamResultView,
} from './exam-results.ts';
export { mediaDir, mediaFile, playlistSeconds, siteHlsSeconds } from './media-length.ts';
export { addWatched, startWatching } from './playback.ts';
export { MAX_VIDEO_BYTES, MEDIA_UPLOAD_MSG, mp4Seconds, uploadVideo } from './media-upload.ts';
