/** Every kind of background job and the domain function that runs it. */
import { CDN_PURGE, purgeCdn } from './cdn/purge.ts';
import { EXPORT_PAGES, reexportPages } from './export/index.ts';
import {
  expireOrder,
  OFFER_BOUNDARY,
  offerBoundary,
  ORDER_EXPIRE,
  remindVip,
  VIP_REMIND,
  closeGroup,
  GROUP_CLOSE,
  GROUP_REFUND,
  refundGroupSeat,
} from './services/commerce/index.ts';
import type { JobHandlers } from './services/jobs/index.ts';
import { ARTICLE_PUBLISH, publishScheduledArticle } from './services/articles/index.ts';
import { runSearchRebuild, SEARCH_REBUILD } from './services/search/index.ts';
import {
  LIVE_REMIND,
  LIVE_REPLAY,
  publishReplay,
  repointLiveMedia,
  sendLiveReminder,
} from './services/live/index.ts';
import { announceLesson, LESSON_ANNOUNCE } from './services/members/index.ts';
import { ladderJob, MEDIA_LADDER } from './services/learning/index.ts';
import { repointLessonVideos } from './services/courses/index.ts';

export const JOB_HANDLERS: JobHandlers = {
  [LIVE_REMIND]: sendLiveReminder,
  [LIVE_REPLAY]: publishReplay,
  [LESSON_ANNOUNCE]: announceLesson,
  [EXPORT_PAGES]: reexportPages,
  [CDN_PURGE]: purgeCdn,
  [ORDER_EXPIRE]: expireOrder,
  [OFFER_BOUNDARY]: offerBoundary,
  [VIP_REMIND]: remindVip,
  [GROUP_CLOSE]: closeGroup,
  [GROUP_REFUND]: refundGroupSeat,
  [ARTICLE_PUBLISH]: publishScheduledArticle,
  [SEARCH_REBUILD]: (deps) => runSearchRebuild(deps),
  // An uploaded lesson or broadcast video becomes a quality ladder; its rows follow.
  [MEDIA_LADDER]: ladderJob([repointLessonVideos, repointLiveMedia]),
};
