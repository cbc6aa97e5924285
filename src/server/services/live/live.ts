/**
 * Live broadcasts (spec 3: list, recommend list with the first 4 kept, detail
 * with its reservation form). The player fields (stream_url, html_url) are
 * never handed out here: watching needs login (spec 2), so public views carry
 * `requiresLogin: true` instead (see gating.ts). They are read only to tell
 * whether a broadcast in its time window is on air (hasPlayer).
 */
import { LIMITS } from '../../../shared/constants.ts';
import { sql } from 'kysely';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { publicLive } from '../commerce/index.ts';
import { listPage, type Paged, type PageInput } from '../lib/index.ts';
import { replayState, type ReplayState } from './replays.ts';
import { HOST_ROLES } from './hosts.ts';

export const LIVE_STATUSES = ['upcoming', 'live', 'ended'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

export interface LiveSummary {
  id: number;
  title: string;
  summary: string;
  cover: string | null;
  speaker: string;
  startAt: string;
  endAt: string;
  status: LiveStatus;
  recommended: boolean;
  examEnabled: boolean;
  viewCount: number;
  requiresLogin: true;
}

/** One field of a live broadcast's reservation form (spec 3: reserveFrom). */
export interface ReserveField {
  name: string;
  label: string;
  type: string;
  required: boolean;
  options: string[];
}

export interface LiveDetail extends LiveSummary {
  /** The paid live course it belongs to: watching needs the course (issue 11). */
  course: { id: number; title: string; priceCents: number } | null;
  description: string;
  companyId: number | null;
  companyName: string | null;
  /** The host (主持人) assigned in 直播管理 while still staff (issue 26), by name; null for none. */
  hostName: string | null;
  reserveForm: ReserveField[];
  replay: ReplayState;
}

/** The stored player fields a status needs (never handed out by the public views). */
export interface PlayerFields {
  stream_url: string | null;
  html_url: string | null;
}

/**
 * Whether a broadcast has something to watch while on air: its own stream or an allowlisted
 * player (the console stores html_url only when allowlisted). The same test as ON_AIR_SQL.
 */
export function hasPlayer(r: PlayerFields): boolean {
  return Boolean(r.stream_url?.includes('.m3u8')) || Boolean(r.html_url);
}

/** hasPlayer in SQL, for the list filters (SQLite and PostgreSQL alike). */
const HAS_PLAYER_SQL = sql<boolean>`(coalesce(l.stream_url, '') like '%.m3u8%' or coalesce(l.html_url, '') <> '')`;

/**
 * Where a broadcast stands at `now`: before start_at it is upcoming, from start_at until
 * end_at live, then ended. A broadcast whose time has come but that has nothing to watch yet
 * (no stream, no player) stays upcoming (即将开始) until the console gives it one: it never
 * shows 直播中 with an empty player. Times are ISO strings.
 * liveStatus('2026-11-21T06:00:00Z', '2026-11-21T08:00:00Z', new Date('2026-11-21T07:00:00Z'), true) → 'live'
 */
export function liveStatus(
  startAt: string,
  endAt: string,
  now: Date,
  playable: boolean,
): LiveStatus {
  const t = now.getTime();
  if (t >= new Date(endAt).getTime()) return 'ended';
  return t >= new Date(startAt).getTime() && playable ? 'live' : 'upcoming';
}

/**
 * The stored form (a JSON list) as fields. Entries may be plain labels
 * ("姓名") or objects; anything unreadable yields no fields rather than an error.
 */
export function parseReserveForm(json: string): ReserveField[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return [];
  }
  const list = Array.isArray(raw)
    ? raw
    : raw && typeof raw === 'object' && Array.isArray((raw as { fields?: unknown }).fields)
      ? (raw as { fields: unknown[] }).fields
      : [];
  return list.flatMap((item, i): ReserveField[] => {
    if (typeof item === 'string')
      return [{ name: `field${i + 1}`, label: item, type: 'text', required: false, options: [] }];
    if (!item || typeof item !== 'object') return [];
    const o = item as Record<string, unknown>;
    const label = [o.label, o.title, o.name].find(
      (v): v is string => typeof v === 'string' && v !== '',
    );
    if (!label) return [];
    const name =
      [o.name, o.key, o.field].find((v): v is string => typeof v === 'string' && v !== '') ??
      `field${i + 1}`;
    const options = Array.isArray(o.options)
      ? o.options.map((x) =>
          typeof x === 'string' ? x : String((x as { label?: unknown })?.label ?? x),
        )
      : [];
    return [
      {
        name,
        label,
        type: typeof o.type === 'string' ? o.type : 'text',
        required: o.required === true || o.required === 1,
        options,
      },
    ];
  });
}

const SUMMARY_COLUMNS = [
  'l.id',
  'l.title',
  'l.summary',
  'l.cover',
  'l.speaker',
  'l.start_at',
  'l.end_at',
  'l.recommended',
  'l.exam_enabled',
  'l.view_count',
  'l.stream_url',
  'l.html_url',
] as const;

type SummaryRow = {
  id: number;
  title: string;
  summary: string;
  cover: string | null;
  speaker: string;
  start_at: string;
  end_at: string;
  recommended: number;
  exam_enabled: number;
  view_count: number;
} & PlayerFields;

function toSummary(r: SummaryRow, now: Date): LiveSummary {
  return publicLive({
    id: r.id,
    title: r.title,
    summary: r.summary,
    cover: r.cover,
    speaker: r.speaker,
    startAt: r.start_at,
    endAt: r.end_at,
    status: liveStatus(r.start_at, r.end_at, now, hasPlayer(r)),
    recommended: r.recommended === 1,
    examEnabled: r.exam_enabled === 1,
    viewCount: r.view_count,
  });
}

function broadcasts(deps: Pick<Deps, 'db'>) {
  return deps.db.selectFrom('live_broadcasts as l');
}

/**
 * Broadcasts, optionally of one status at the clock's now. Upcoming and live
 * ones come soonest first; ended ones and the unfiltered list latest first.
 */
export async function listLive(
  deps: Pick<Deps, 'db' | 'clock'>,
  opts: PageInput & { status?: LiveStatus },
): Promise<Paged<LiveSummary>> {
  const now = deps.clock.now();
  const at = iso(now);
  const base = broadcasts(deps)
    // Upcoming: not begun, or begun with nothing to watch yet (liveStatus).
    .$if(opts.status === 'upcoming', (q) =>
      q
        .where('l.end_at', '>', at)
        .where((eb) => eb.or([eb('l.start_at', '>', at), eb.not(HAS_PLAYER_SQL)])),
    )
    .$if(opts.status === 'live', (q) =>
      q.where('l.start_at', '<=', at).where('l.end_at', '>', at).where(HAS_PLAYER_SQL),
    )
    .$if(opts.status === 'ended', (q) => q.where('l.end_at', '<=', at));
  const soonestFirst = opts.status === 'upcoming' || opts.status === 'live';
  return listPage(
    base,
    (q) =>
      q
        .select(SUMMARY_COLUMNS)
        .orderBy('l.start_at', soonestFirst ? 'asc' : 'desc')
        .orderBy('l.id', soonestFirst ? 'asc' : 'desc'),
    (r) => toSummary(r, now),
    opts,
  );
}

/**
 * The recommend list, of which the client keeps the first 4 (spec 3, 9):
 * editors' picks first, then the latest others, so the slot is always full.
 */
export async function listLiveRecommend(deps: Pick<Deps, 'db' | 'clock'>): Promise<LiveSummary[]> {
  const now = deps.clock.now();
  const rows = await broadcasts(deps)
    .select(SUMMARY_COLUMNS)
    .orderBy('l.recommended', 'desc')
    .orderBy('l.start_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(LIMITS.liveRecommendKept)
    .execute();
  return rows.map((r) => toSummary(r, now));
}

/** One broadcast's public detail (no player fields), or null. */
export async function getLiveDetail(
  deps: Pick<Deps, 'db' | 'clock'>,
  id: number,
): Promise<LiveDetail | null> {
  const r = await broadcasts(deps)
    .leftJoin('companies as co', 'co.id', 'l.company_id')
    .leftJoin('courses as pc', 'pc.id', 'l.course_id')
    .leftJoin('users as h', (j) =>
      j.onRef('h.id', '=', 'l.host_id').on('h.role', 'in', [...HOST_ROLES]),
    )
    .select([
      ...SUMMARY_COLUMNS,
      'l.description',
      'l.company_id',
      'co.name as company_name',
      'h.name as host_name',
      'l.reserve_form',
      'l.course_id',
      'pc.title as course_title',
      'pc.price_cents as course_price',
      'l.replay_url',
    ])
    .where('l.id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  return {
    ...toSummary(r, deps.clock.now()),
    description: r.description,
    companyId: r.company_id,
    companyName: r.company_name,
    hostName: r.host_name || null,
    reserveForm: parseReserveForm(r.reserve_form),
    /** Whether the replay plays, is still being made, or there will be none (replays.ts). */
    replay: replayState(r),
    course:
      r.course_id !== null && (r.course_price ?? 0) > 0
        ? { id: r.course_id, title: r.course_title ?? '', priceCents: r.course_price ?? 0 }
        : null,
  };
}
