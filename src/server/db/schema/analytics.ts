/**
 * Analytics: page views, ad impressions and clicks, CSP reports (services/analytics).
 */
import type { Generated } from 'kysely';
import type { Id, Time } from './columns.ts';

export interface PageViewsTable {
  id: Id;
  path: string;
  referrer: string | null;
  company_id: number | null;
  user_id: number | null;
  created_at: Time;
}

export interface AdEventsTable {
  id: Id;
  ad_id: number;
  slot: number;
  kind: 'impression' | 'click';
  user_id: number | null;
  created_at: Time;
}

/** Migration 0012: Content-Security-Policy violation reports. */
export interface CspReportsTable {
  id: Generated<number>;
  document_uri: string;
  directive: string;
  blocked_uri: string;
  ip: string;
  raw: string;
  created_at: string;
}
