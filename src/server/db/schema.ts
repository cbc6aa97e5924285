/**
 * Table types for Kysely. Times are ISO-8601 UTC strings in both SQLite and
 * PostgreSQL (they sort as text); flags are 0/1 integers, so one schema and
 * one set of queries serves both databases.
 */
import type { Role } from '../../shared/roles.ts';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Id = Generated<number>;
type Flag = number;
type Time = string;

export interface UsersTable {
  id: Id;
  mobile: string;
  area_num: string;
  password_hash: string | null;
  name: string;
  login_name: string | null;
  photo: string | null;
  email: string | null;
  job_role: string | null;
  /** JSON array of product-type options. */
  product_interests: string;
  role: Role;
  invite_code: string;
  invited_by: number | null;
  failed_logins: Generated<number>;
  locked_until: Time | null;
  created_at: Time;
  updated_at: Time;
  /** Migration 0027: 1 = disabled by staff (no login; sessions ended). */
  disabled: Generated<number>;
  /** Migration 0027: may not comment before this time. */
  banned_until: Time | null;
}

export interface SessionsTable {
  id: Id;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: Time;
  expires_at: Time;
  ip: string | null;
  user_agent: string | null;
}

export interface WxIdentitiesTable {
  id: Id;
  openid: string;
  unionid: string | null;
  user_id: number | null;
  nickname: string | null;
  avatar: string | null;
  created_at: Time;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: Time;
  used: Flag;
}

export interface SmsCodesTable {
  id: Id;
  mobile: string;
  area_num: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  used: Flag;
  created_at: Time;
  expires_at: Time;
  ip: string | null;
}

export interface RateLimitHitsTable {
  id: Id;
  bucket: string;
  created_at: Time;
}

export interface CompaniesTable {
  id: Id;
  name: string;
  domain: string;
  logo: string | null;
  description: string;
  login_image_url: string | null;
  featured: Flag;
  display_order: number;
  created_at: Time;
}

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

export interface BigClassifiesTable {
  id: Id;
  name: string;
  description: string;
  cover: string | null;
  display_order: number;
}

export interface ClassifiesTable {
  id: Id;
  big_classify_id: number;
  name: string;
  description: string;
  cover: string | null;
  display_order: number;
  hot: Flag;
  created_at: Time;
}

export interface LabelsTable {
  id: Id;
  name: string;
  course_type: number;
  display_order: number;
}

export interface CoursesTable {
  id: Id;
  classify_id: number;
  title: string;
  summary: string;
  description: string;
  cover: string | null;
  teacher: string;
  /** 1 video course, 2 live course, 3 exam, 4 order-type (shipped goods). */
  type: number;
  price_cents: number;
  /** Migration 0013: days a purchase unlocks the course for; null: for good. */
  access_days: Generated<number | null>;
  /** Migration 0023: the partner company whose zone lists it, if any. */
  company_id: Generated<number | null>;
  recommended: Flag;
  exam_enabled: Flag;
  view_count: Generated<number>;
  published: Flag;
  created_at: Time;
  updated_at: Time;
}

export interface CourseLabelsTable {
  course_id: number;
  label_id: number;
}

export interface LessonsTable {
  id: Id;
  course_id: number;
  title: string;
  video_url: string | null;
  duration_seconds: number;
  sort_order: number;
  free_preview: Flag;
}

export interface LiveBroadcastsTable {
  id: Id;
  title: string;
  summary: string;
  description: string;
  cover: string | null;
  speaker: string;
  company_id: number | null;
  start_at: Time;
  end_at: Time;
  /** Player embed: an iframe tag or URL (spec 3). */
  html_url: string | null;
  stream_url: string | null;
  /** JSON list of reservation form fields. */
  reserve_form: string;
  /** Migration 0016: the paid live course it belongs to (only its entitled members watch). */
  course_id: number | null;
  /** Migration 0020: the recording (HLS) played once the broadcast has ended. */
  replay_url: Generated<string | null>;
  exam_enabled: Flag;
  recommended: Flag;
  view_count: Generated<number>;
  created_at: Time;
}

export interface LiveReservationsTable {
  id: Id;
  live_id: number;
  user_id: number;
  /** JSON object of the submitted form fields. */
  fields: string;
  /** Migration 0020: 1 when the member asked for the SMS reminder. */
  sms_consent: Generated<Flag>;
  created_at: Time;
}

export interface ArticleClassifiesTable {
  id: Id;
  /** null for a classify, the parent's id for a second classify. */
  parent_id: number | null;
  name: string;
  display_order: number;
}

export interface ArticlesTable {
  id: Id;
  classify_id: number;
  second_classify_id: number | null;
  title: string;
  summary: string;
  /** Sanitised HTML. */
  content: string;
  /** Migration 0028: the console editor's document (ProseMirror JSON) the HTML was rendered from. */
  content_doc: string | null;
  cover: string | null;
  author_name: string;
  /** The member who published it, or null for editorial content. */
  user_id: number | null;
  company_id: number | null;
  status: 'draft' | 'pending' | 'published' | 'rejected';
  recommended: Flag;
  view_count: Generated<number>;
  laud_count: Generated<number>;
  source: string | null;
  published_at: Time | null;
  created_at: Time;
  updated_at: Time;
  /** Review of a member submission (migration 0004): the note shown to the author, when and by whom. */
  review_note: string | null;
  reviewed_at: Time | null;
  reviewed_by: number | null;
}

export interface VideosTable {
  id: Id;
  title: string;
  summary: string;
  cover: string | null;
  path: string;
  duration_seconds: number;
  classify_id: number | null;
  recommended: Flag;
  view_count: Generated<number>;
  laud_count: Generated<number>;
  created_at: Time;
}

export interface ShortVideosTable {
  id: Id;
  title: string;
  path: string;
  cover: string | null;
  author: string;
  duration_seconds: number;
  recommended: Flag;
  view_count: Generated<number>;
  laud_count: Generated<number>;
  created_at: Time;
}

export interface CommentsTable {
  id: Id;
  target_type: string;
  target_id: number;
  user_id: number;
  content: string;
  /** Migration 0027: hidden by a moderator, or held for review by the word list. */
  status: Generated<'visible' | 'hidden' | 'held'>;
  created_at: Time;
}

export interface FavoritesTable {
  id: Id;
  user_id: number;
  target_type: string;
  target_id: number;
  created_at: Time;
}

export interface LaudsTable {
  id: Id;
  user_id: number;
  target_type: string;
  target_id: number;
  created_at: Time;
}

export interface NoticeCategoriesTable {
  id: Id;
  name: string;
  display_order: number;
}

export interface NoticesTable {
  id: Id;
  category_id: number;
  title: string;
  content: string;
  /** Shown as the pop-up notice (spec 3). */
  popup: Flag;
  /** A personal notice for one member, or null for everyone. */
  user_id: number | null;
  published_at: Time;
  created_at: Time;
}

export interface NoticeReceiptsTable {
  id: Id;
  notice_id: number;
  user_id: number;
  read_at: Time | null;
  popup_shown_at: Time | null;
  deleted_at: Time | null;
}

export interface OrdersTable {
  id: Id;
  order_no: string;
  user_id: number;
  course_id: number;
  title: string;
  amount_cents: number;
  /** 0 awaiting payment, 1 paid, 2 paid goods awaiting/under shipment, 3 closed, 4 refunded. */
  status: number;
  express_name: string | null;
  express_number: string | null;
  /** JSON shipping address for order-type courses. */
  address: string | null;
  created_at: Time;
  paid_at: Time | null;
  /** Migration 0013: the purchase-terms version accepted at checkout. */
  terms_version: string | null;
  /** When an unpaid order closes by itself. */
  expires_at: Time | null;
  closed_at: Time | null;
  /** Kuaidi100 company code of the courier (shunfeng, …). */
  express_code: string | null;
  shipped_at: Time | null;
  /** 'purchase', or 'redemption' (a zero-amount order granted by a code). */
  source: Generated<string>;
}

export interface PayRecordsTable {
  id: Id;
  order_id: number;
  user_id: number;
  provider: string;
  transaction_id: string | null;
  amount_cents: number;
  /** pending, success, closed, failed, refunded. */
  status: string;
  created_at: Time;
  /** Migration 0013: the attempt's key at the payment platform. */
  out_trade_no: string | null;
  /** native, h5, page, wap. */
  channel: string | null;
  paid_at: Time | null;
}

/** Migration 0013: the append-only log of an order. */
export interface OrderEventsTable {
  id: Id;
  order_id: number;
  type: string;
  /** JSON. */
  detail: Generated<string>;
  /** 'member:<id>', 'admin:<id>', 'platform:wechat', 'system'. */
  actor: string;
  created_at: Time;
}

/** Migration 0013: what a member may open; the gating function reads only this. */
export interface EntitlementsTable {
  id: Id;
  user_id: number;
  course_id: number;
  order_id: number;
  starts_at: Time;
  /** Null: for good. */
  ends_at: Time | null;
  revoked_at: Time | null;
  created_at: Time;
}

/** Migration 0013: every payment notification received, with what became of it. */
export interface PaymentNotificationsTable {
  id: Id;
  method: string;
  out_trade_no: string | null;
  /** paid, duplicate, pending, rejected. */
  outcome: string;
  reason: string;
  ip: string;
  created_at: Time;
}

export interface RedemptionCodesTable {
  id: Id;
  code: string;
  course_id: number;
  used_by: number | null;
  used_at: Time | null;
  expires_at: Time | null;
  created_at: Time;
  /** Migration 0014: the batch an operator made it in, its voiding, the order its use made. */
  batch: string | null;
  voided_at: Time | null;
  order_id: number | null;
}

/** Migration 0014: one refund request to the payment platform. */
export interface RefundsTable {
  id: Id;
  order_id: number;
  pay_record_id: number;
  out_refund_no: string;
  amount_cents: number;
  /** processing, success, failed. */
  status: string;
  refund_id: string | null;
  reason: string;
  actor: string;
  created_at: Time;
  done_at: Time | null;
}

/** Migration 0014: the courier's last answer per waybill (JSON TrackingResult). */
export interface TrackingCacheTable {
  id: Id;
  company_code: string;
  tracking_number: string;
  result: string | null;
  error: string | null;
  fetched_at: Time;
}

export interface InvitesTable {
  id: Id;
  inviter_id: number;
  invitee_id: number;
  code: string;
  created_at: Time;
}

export interface CompletionsTable {
  id: Id;
  user_id: number;
  course_id: number;
  kind: 'course' | 'exam';
  score: number | null;
  completed_at: Time;
}

export interface SubscriptionsTable {
  id: Id;
  user_id: number;
  classify_id: number;
  created_at: Time;
}

export interface ResourcesTable {
  id: Id;
  title: string;
  summary: string;
  file_type: string;
  file_size: number;
  file_url: string;
  download_count: Generated<number>;
  company_id: number | null;
  created_at: Time;
  /** Migration 0016: the paid course whose material it is (only its entitled members download). */
  course_id: number | null;
}

export interface LearningToolsTable {
  id: Id;
  name: string;
  description: string;
  url: string;
  icon: string | null;
  category: string;
  display_order: number;
}

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

/** A watch key of /api/duration/key (migration 0005); the key itself is stored only as its SHA-256. */
export interface WatchKeysTable {
  id: Id;
  key_hash: string;
  user_id: number;
  lesson_id: number;
  course_id: number;
  /** The length watching is measured against, in seconds. */
  length_seconds: number;
  last_report_at: Time;
  created_at: Time;
  expires_at: Time;
}

/** A member's progress in one lesson (migration 0005). */
export interface LessonProgressTable {
  id: Id;
  user_id: number;
  lesson_id: number;
  course_id: number;
  position_seconds: Generated<number>;
  /** JSON list of merged [from, to] ranges of media seconds played. */
  watched_ranges: Generated<string>;
  watched_seconds: Generated<number>;
  completed: Generated<Flag>;
  updated_at: Time;
}

/** Migration 0003: the development SMS outbox (demo mode reads codes back from it). */
export interface SmsOutboxTable {
  id: Generated<number>;
  area_num: string;
  mobile: string;
  purpose: string;
  code: string;
  body: string;
  created_at: string;
}

/** Migration 0003: single-use WeChat OAuth states. */
export interface WxStatesTable {
  id: string;
  redirect: string;
  host: string;
  used: number;
  created_at: string;
  expires_at: string;
}

/** Migration 0003: short-lived single-use tokens of the accounts flows (reset, WeChat binding). */
export interface AccountTokensTable {
  id: Generated<number>;
  token_hash: string;
  purpose: string;
  user_id: number | null;
  subject: string | null;
  used: number;
  created_at: string;
  expires_at: string;
}

/** Migration 0003: member image uploads (re-encoded WebP). */
export interface UploadsTable {
  id: Generated<number>;
  name: string;
  user_id: number;
  bytes: number;
  width: number;
  height: number;
  created_at: string;
}

/** Migration 0012: Content-Security-Policy violation reports. */
/** Migration 0021: results reported by the exam service's signed callback. */
export interface ExamResultsTable {
  id: Id;
  user_id: number;
  target_type: 'course' | 'live';
  target_id: number;
  attempt_id: string;
  score: number;
  total: number;
  passed: Flag;
  submitted_at: Time;
  received_at: Time;
}

/** Migration 0020: background jobs (services/jobs). */
export interface JobsTable {
  id: Id;
  kind: string;
  /** JSON object. */
  payload: Generated<string>;
  run_at: Time;
  status: Generated<'pending' | 'running' | 'done' | 'failed'>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_until: Time | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: Time;
  finished_at: Time | null;
}

/** Migration 0020: messages sent to members by jobs, once per key. */
export interface MessageLogTable {
  id: Id;
  key: string;
  user_id: number;
  channel: 'inbox' | 'sms';
  created_at: Time;
}

/** Migration 0024: the cache tags of every exported page (static export). */
export interface ExportPageTagsTable {
  tag: string;
  path: string;
}

/** Migration 0025: CDN URLs purged per provider and China day (daily quotas). */
export interface CdnPurgeDaysTable {
  provider: string;
  day: string;
  urls: Generated<number>;
}

/** Migration 0026: every change made through a staff route (issue 12). */
export interface AdminAuditTable {
  id: Id;
  user_id: number;
  role: string;
  action: string;
  target_type: string | null;
  target_id: number | null;
  /** JSON: the route's input, secrets redacted. */
  detail: Generated<string>;
  /** JSON rows before and after, when the route names its target. */
  before: string | null;
  after: string | null;
  ip: string | null;
  created_at: Time;
}

/** Migration 0027: words that hold a comment for review. */
export interface ModerationWordsTable {
  id: Id;
  word: string;
  created_at: Time;
}

export interface CspReportsTable {
  id: Generated<number>;
  document_uri: string;
  directive: string;
  blocked_uri: string;
  ip: string;
  raw: string;
  created_at: string;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  wx_identities: WxIdentitiesTable;
  captchas: CaptchasTable;
  sms_codes: SmsCodesTable;
  rate_limit_hits: RateLimitHitsTable;
  companies: CompaniesTable;
  roll_images: RollImagesTable;
  big_classifies: BigClassifiesTable;
  classifies: ClassifiesTable;
  labels: LabelsTable;
  courses: CoursesTable;
  course_labels: CourseLabelsTable;
  lessons: LessonsTable;
  live_broadcasts: LiveBroadcastsTable;
  live_reservations: LiveReservationsTable;
  jobs: JobsTable;
  export_page_tags: ExportPageTagsTable;
  cdn_purge_days: CdnPurgeDaysTable;
  admin_audit: AdminAuditTable;
  moderation_words: ModerationWordsTable;
  exam_results: ExamResultsTable;
  message_log: MessageLogTable;
  article_classifies: ArticleClassifiesTable;
  articles: ArticlesTable;
  videos: VideosTable;
  short_videos: ShortVideosTable;
  comments: CommentsTable;
  favorites: FavoritesTable;
  lauds: LaudsTable;
  notice_categories: NoticeCategoriesTable;
  notices: NoticesTable;
  notice_receipts: NoticeReceiptsTable;
  orders: OrdersTable;
  pay_records: PayRecordsTable;
  redemption_codes: RedemptionCodesTable;
  invites: InvitesTable;
  completions: CompletionsTable;
  subscriptions: SubscriptionsTable;
  resources: ResourcesTable;
  learning_tools: LearningToolsTable;
  page_views: PageViewsTable;
  ad_events: AdEventsTable;
  watch_keys: WatchKeysTable;
  lesson_progress: LessonProgressTable;
  sms_outbox: SmsOutboxTable;
  wx_states: WxStatesTable;
  account_tokens: AccountTokensTable;
  uploads: UploadsTable;
  csp_reports: CspReportsTable;
  order_events: OrderEventsTable;
  entitlements: EntitlementsTable;
  payment_notifications: PaymentNotificationsTable;
  refunds: RefundsTable;
  tracking_cache: TrackingCacheTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Company = Selectable<CompaniesTable>;
export type RollImage = Selectable<RollImagesTable>;
export type Notice = Selectable<NoticesTable>;
export type Article = Selectable<ArticlesTable>;
