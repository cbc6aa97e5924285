/**
 * Ads: the advertising slots' creatives (services/ads).
 */
import type { ColumnType } from 'kysely';
import type { Id, Flag, Time } from './columns.ts';

export interface RollImagesTable {
  id: Id;
  /** Ad slot type (constants AD_TYPE). */
  type: number;
  /** '1' image, '2' script in frame, '3' video. */
  ad_type: string;
  title: string;
  image_url: string | null;
  /** Migration 0010: the creative drawn for phones (below 720 px), when there is one. */
  mobile_image_url: ColumnType<string | null, string | null | undefined, string | null>;
  click_url: string | null;
  vedio_url: string | null;
  ad_script: string | null;
  display_order: number;
  company_id: number | null;
  enabled: Flag;
  start_at: Time | null;
  end_at: Time | null;
  created_at: Time;
}
