/** Chinese texts of a live broadcast's status (page-only). */
import type { LiveStatus } from '../../server/services/live/index.ts';

export const LIVE_STATUS_TEXT: Record<LiveStatus, string> = {
  upcoming: '即将开始',
  live: '直播中',
  ended: '已结束',
};
