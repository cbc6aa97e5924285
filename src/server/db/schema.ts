/**
 * Table types for Kysely, one module per owning domain under ./schema/
 * (column conventions in ./schema/columns.ts). This module assembles `DB`
 * and re-exports every table type, so importers name only `db/schema.ts`.
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type * as accounts from './schema/accounts.ts';
import type * as ads from './schema/ads.ts';
import type * as analytics from './schema/analytics.ts';
import type * as articles from './schema/articles.ts';
import type * as audit from './schema/audit.ts';
import type * as commerce from './schema/commerce.ts';
import type * as courses from './schema/courses.ts';
import type * as jobs from './schema/jobs.ts';
import type * as learning from './schema/learning.ts';
import type * as lib from './schema/lib.ts';
import type * as live from './schema/live.ts';
import type * as members from './schema/members.ts';
import type * as site from './schema/site.ts';
import type * as videos from './schema/videos.ts';

export type * from './schema/accounts.ts';
export type * from './schema/ads.ts';
export type * from './schema/analytics.ts';
export type * from './schema/articles.ts';
export type * from './schema/audit.ts';
export type * from './schema/commerce.ts';
export type * from './schema/courses.ts';
export type * from './schema/jobs.ts';
export type * from './schema/learning.ts';
export type * from './schema/lib.ts';
export type * from './schema/live.ts';
export type * from './schema/members.ts';
export type * from './schema/site.ts';
export type * from './schema/videos.ts';

/** Every table, grouped by the domain that owns it (search's tables are raw SQL). */
export interface DB {
  // accounts
  users: accounts.UsersTable;
  sessions: accounts.SessionsTable;
  wx_identities: accounts.WxIdentitiesTable;
  captchas: accounts.CaptchasTable;
  sms_codes: accounts.SmsCodesTable;
  invites: accounts.InvitesTable;
  sms_outbox: accounts.SmsOutboxTable;
  wx_states: accounts.WxStatesTable;
  account_tokens: accounts.AccountTokensTable;
  uploads: accounts.UploadsTable;
  // lib
  rate_limit_hits: lib.RateLimitHitsTable;
  app_secrets: lib.AppSecretsTable;
  // site
  companies: site.CompaniesTable;
  notice_categories: site.NoticeCategoriesTable;
  notices: site.NoticesTable;
  learning_tools: site.LearningToolsTable;
  export_page_tags: site.ExportPageTagsTable;
  cdn_purge_days: site.CdnPurgeDaysTable;
  // ads
  roll_images: ads.RollImagesTable;
  // courses
  big_classifies: courses.BigClassifiesTable;
  classifies: courses.ClassifiesTable;
  labels: courses.LabelsTable;
  courses: courses.CoursesTable;
  course_labels: courses.CourseLabelsTable;
  lessons: courses.LessonsTable;
  resources: courses.ResourcesTable;
  // live
  live_broadcasts: live.LiveBroadcastsTable;
  live_reservations: live.LiveReservationsTable;
  live_chat_messages: live.LiveChatMessagesTable;
  live_chat_votes: live.LiveChatVotesTable;
  live_chat_events: live.LiveChatEventsTable;
  // articles
  article_classifies: articles.ArticleClassifiesTable;
  articles: articles.ArticlesTable;
  // videos
  videos: videos.VideosTable;
  short_videos: videos.ShortVideosTable;
  // members
  comments: members.CommentsTable;
  favorites: members.FavoritesTable;
  lauds: members.LaudsTable;
  notice_receipts: members.NoticeReceiptsTable;
  subscriptions: members.SubscriptionsTable;
  message_log: members.MessageLogTable;
  moderation_words: members.ModerationWordsTable;
  member_notes: members.MemberNotesTable;
  // commerce
  orders: commerce.OrdersTable;
  vip_plans: commerce.VipPlansTable;
  vip_benefits: commerce.VipBenefitsTable;
  vip_members: commerce.VipMembersTable;
  vip_downloads: commerce.VipDownloadsTable;
  group_offers: commerce.GroupOffersTable;
  buy_groups: commerce.BuyGroupsTable;
  buy_group_seats: commerce.BuyGroupSeatsTable;
  pay_records: commerce.PayRecordsTable;
  order_events: commerce.OrderEventsTable;
  entitlements: commerce.EntitlementsTable;
  payment_notifications: commerce.PaymentNotificationsTable;
  redemption_codes: commerce.RedemptionCodesTable;
  refunds: commerce.RefundsTable;
  tracking_cache: commerce.TrackingCacheTable;
  coupons: commerce.CouponsTable;
  member_coupons: commerce.MemberCouponsTable;
  course_offers: commerce.CourseOffersTable;
  // learning
  completions: learning.CompletionsTable;
  watch_keys: learning.WatchKeysTable;
  lesson_progress: learning.LessonProgressTable;
  article_progress: learning.ArticleProgressTable;
  lesson_checks: learning.LessonChecksTable;
  check_answers: learning.CheckAnswersTable;
  certificates: learning.CertificatesTable;
  exam_results: learning.ExamResultsTable;
  learning_paths: learning.LearningPathsTable;
  learning_path_steps: learning.LearningPathStepsTable;
  learning_path_members: learning.LearningPathMembersTable;
  learning_path_marks: learning.LearningPathMarksTable;
  challenges: learning.ChallengesTable;
  challenge_tasks: learning.ChallengeTasksTable;
  challenge_members: learning.ChallengeMembersTable;
  challenge_submissions: learning.ChallengeSubmissionsTable;
  member_badges: learning.MemberBadgesTable;
  // analytics
  page_views: analytics.PageViewsTable;
  ad_events: analytics.AdEventsTable;
  csp_reports: analytics.CspReportsTable;
  // jobs
  jobs: jobs.JobsTable;
  // audit
  admin_audit: audit.AdminAuditTable;
}

export type User = Selectable<accounts.UsersTable>;
export type NewUser = Insertable<accounts.UsersTable>;
export type UserUpdate = Updateable<accounts.UsersTable>;
export type Company = Selectable<site.CompaniesTable>;
export type RollImage = Selectable<ads.RollImagesTable>;
export type Notice = Selectable<site.NoticesTable>;
export type Article = Selectable<articles.ArticlesTable>;
