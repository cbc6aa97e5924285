/**
 * DOMAIN learning
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
export { DEV_EXAM_SECRET, examConfig, examInfo, verifyExamQuery } from './exam.ts';
export { getLivePlayback, getReserveForm, saveReservation } from './live-member.ts';
export { playlistSeconds, siteHlsSeconds } from './media-length.ts';
export { addWatched, startWatching } from './playback.ts';
