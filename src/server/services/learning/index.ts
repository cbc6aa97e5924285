/**
 * # learning — what a member does with a lesson or an article: watching, reading, checks, exams, certificates, media
 *
 * Words: watch key (a lesson's signed watching session), sealed media (lesson and broadcast
 * files, served only through a grant), grant (a short-lived, session-bound address a play call
 * hands the player), watched ranges (seconds really seen, merged), completion (a lesson counts
 * when its effective length was seen; a course when every lesson is and every check finished),
 * reading progress (how far a member has read an article: the furthest paragraph of its body),
 * 继续学习 (the newest unfinished article or lesson), check (课内练习: a question inside a lesson,
 * choice or a number with unit and tolerance; finished when right or its tries are used),
 * certificate (结业证书: one per member and completed course, a public page by its number,
 * revocable by staff), exam (课后练习 on the external exam service, signed link and signed
 * result), media (the lesson and live files: HLS playlists, uploaded MP4s, their measured
 * lengths), ladder (an item's renditions at 360p/720p/1080p under one master playlist, made by
 * the `media.ladder` job), path (学习路线: an ordered list of steps, each an article, lesson,
 * replay, tool or download; a member joins it with a weekly plan, and a step is done by their
 * reading or watching, or, for replays, tools and downloads, by their own mark), challenge
 * (项目挑战: a kit course, a kickoff broadcast, ordered tasks, a sign-up window and a deadline;
 * a member joins (报名) while sign-up is open and submits a write-up — the challenge's own title
 * and plain-text body with a video link and a code link, not a member article — before the
 * deadline), submission (作品: 待审核, 已通过 or 未通过 with staff's reason; resubmitted in
 * place until accepted), reward (what an accepted write-up earns once: reward_kind 'code', a
 * redemption code for the reward course made through commerce, sent in 我的消息), badge (徽章:
 * one per member and challenge, shown in 我的挑战 and the gallery), gallery (the accepted
 * write-ups on the challenge's page). Avoid "progress bar", "quiz" (a check, or the external exam),
 * "video" (videos are the videos domain).
 * Owns: watch_keys, lesson_progress, article_progress, lesson_checks, check_answers, completions,
 * certificates, exam_results, learning_paths, learning_path_steps, learning_path_members,
 * learning_path_marks, challenges, challenge_tasks, challenge_members, challenge_submissions,
 * member_badges.
 * Leaves to others: what a course, lesson and article are (courses, articles), who may watch
 * (commerce gating), live broadcasts and reservations (live), the user centre's lists (members),
 * file storage (providers/storage), the kit's orders and deliveries and the reward's redemption
 * code (commerce), personal notices (site, keyed in members' message_log).
 * Folders: media/ (the files: grants, serving, upload, lengths, the ladder and its job, the
 * bucket), paths/ (学习路线 and its staff code), checks/ (课内练习 and its staff code),
 * challenges/ (项目挑战, its review and rewards: manage-challenges.ts); the rest
 * (watching, reading, certificates, exams) sits at the top.
 * Projections: public Range, ExamResultView, WatchStart, WatchAdded, MediaGrant, ReadingProgress,
 * ContinueItem, ReadingEntry, CheckView, CheckResult, CheckScore, CertificateView, PathSummary,
 * PathView, PathStepView, PathProgress, MyPath, ChallengeSummary, ChallengeView, GalleryItem,
 * ChallengeMemberState, MyChallenges, MemberShowcase (badges and accepted work on a member's
 * public page); staff UploadedVideo, AdminCheckRow, AdminCertificateRow,
 * AdminPathRow, AdminChallengeRow, AdminSubmissionRow; ExamCallback (the exam service's call).
 */
export { LEARNING_MSG } from './messages.ts';
export {
  checkRange,
  effectiveLength,
  isComplete,
  mergeRanges,
  parseRanges,
  totalSeconds,
  type Range,
} from './duration.ts';
export {
  DEV_EXAM_SECRET,
  examConfig,
  examInfo,
  examSubject,
  signParams,
  verifyExamQuery,
} from './exam.ts';
export {
  listExamResults,
  receiveExamResult,
  type ExamCallback,
  type ExamResultView,
} from './exam-results.ts';
export {
  firstVariant,
  mediaDir,
  mediaFile,
  playlistSeconds,
  siteHlsSeconds,
} from './media/media-length.ts';
export { addWatched, grantLesson, lessonText, startWatching } from './playback.ts';
export {
  answerCheck,
  listChecks,
  listCheckScores,
  type CheckResult,
  type CheckScore,
  type CheckView,
} from './checks/checks.ts';
export {
  CERT_MSG,
  CERT_NUMBER,
  certificatePdf,
  certificateQrSvg,
  certificateUrl,
  getCertificate,
  issueCertificate,
  listCertificates,
  listMyCertificates,
  revokeCertificate,
  type AdminCertificateRow,
  type CertificateView,
} from './certificates.ts';
export {
  CHECK_ADMIN_MSG,
  createCheck,
  deleteCheck,
  listAdminChecks,
  listCheckableLessons,
  updateCheck,
  type AdminCheckRow,
  type CheckInput,
} from './checks/manage-checks.ts';
export {
  continueLearning,
  listReading,
  readingOf,
  recordReading,
  type ContinueItem,
  type ReadingProgress,
} from './reading.ts';
export {
  checkGrant,
  GRANT_SECONDS,
  grantFor,
  grantMedia,
  mediaGrantKey,
  sealedItem,
  type GrantCheck,
  type MediaGrant,
} from './media/media-grant.ts';
export {
  getPath,
  joinPath,
  leavePath,
  listPaths,
  markStep,
  myPaths,
  pathProgress,
  setPlan,
  type PathProgress,
  type PathStepView,
  type PathSummary,
  type PathView,
  type StepState,
} from './paths/paths.ts';
export { weekStart } from './paths/path-week.ts';
export {
  createPath,
  deletePath,
  listAdminPaths,
  updatePath,
  type AdminPathRow,
  type PathInput,
} from './paths/manage-paths.ts';
export {
  challengeState,
  getChallenge,
  joinChallenge,
  listChallenges,
  submitWork,
  type ChallengeMemberState,
  type ChallengeSummary,
  type ChallengeView,
  type GalleryItem,
  type WriteUpInput,
} from './challenges/challenges.ts';
export { memberShowcase, myChallenges, type MemberShowcase } from './challenges/my-challenges.ts';
export {
  approveSubmission,
  createChallenge,
  deleteChallenge,
  grantChallengeReward,
  listAdminChallenges,
  listSubmissions,
  refuseSubmission,
  updateChallenge,
  type ChallengeInput,
} from './challenges/manage-challenges.ts';
export { isSealedPath, serveMedia, type MediaRequest } from './media/media-serve.ts';
export { presignPlaylist, presignSeconds } from './media/media-bucket.ts';
export { MAX_VIDEO_BYTES, mp4Seconds, uploadVideo } from './media/media-upload.ts';
export {
  avcCodec,
  ffmpegPath,
  hlsOutputArgs,
  ladderArgs,
  ladderFiles,
  ladderMaster,
  masterPlaylist,
  probeVideo,
  RUNGS,
  rungsFor,
  rungSize,
  runFfmpeg,
  type LadderInput,
  type Rung,
  type Variant,
} from './media/media-ladder.ts';
export {
  ladderJob,
  MEDIA_LADDER,
  queueLadder,
  UPLOAD_SEGMENT,
  type MediaRepoint,
} from './media/media-ladder-job.ts';

// Staff views the console reads (import type).
import type { uploadVideo } from './media/media-upload.ts';
/** POST /api/admin/media/upload: the stored video's URL and length in seconds. */
export type UploadedVideo = Awaited<ReturnType<typeof uploadVideo>>;

// Member views the lesson player reads (import type).
import type { addWatched, startWatching } from './playback.ts';
/** POST /api/duration/key: the watch key and where playback resumes. */
export type WatchStart = Awaited<ReturnType<typeof startWatching>>;
/** POST /api/duration/add: the lesson's and the course's progress after a report. */
export type WatchAdded = Awaited<ReturnType<typeof addWatched>>;

import type { listReading } from './reading.ts';
/** 学习记录's 文章阅读: an article the member has read, with its share and where to go on. */
export type ReadingEntry = Awaited<ReturnType<typeof listReading>>[number];

import type { myPaths } from './paths/paths.ts';
/** The user centre's 学习路线: a joined path with the member's progress and week. */
export type MyPath = Awaited<ReturnType<typeof myPaths>>[number];

import type { myChallenges } from './challenges/my-challenges.ts';
/** The user centre's 我的挑战: joined challenges with the write-up's state, and the badges. */
export type MyChallenges = Awaited<ReturnType<typeof myChallenges>>;

import type { listAdminChallenges, listSubmissions } from './challenges/manage-challenges.ts';
/** One row of GET /api/admin/challenge/list. */
export type AdminChallengeRow = Awaited<ReturnType<typeof listAdminChallenges>>[number];
/** One row of GET /api/admin/challenge/submissions. */
export type AdminSubmissionRow = Awaited<ReturnType<typeof listSubmissions>>['list'][number];
