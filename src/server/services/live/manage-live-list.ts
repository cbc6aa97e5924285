/** Live broadcasts as the console lists them (issue 12). Staff only. */
import type { Deps } from '../../deps.ts';
import { HOST_ROLES } from './hosts.ts';
import { listPage, type PageInput, paragraphsOf, readMediaText } from '../lib/index.ts';

type D = Pick<Deps, 'db'>;

/** Live broadcasts, the latest start first, with their reservation counts. */
export async function listAdminLives(deps: D, opts: PageInput) {
  const base = deps.db.selectFrom('live_broadcasts as l');
  // The host shown is the assigned one while still staff (hosts.ts).
  const staff = [...HOST_ROLES];
  return listPage(
    base,
    (q) =>
      q
        .select((eb) => [
          'l.id',
          'l.title',
          'l.summary',
          'l.description',
          'l.speaker',
          'l.cover',
          'l.start_at',
          'l.end_at',
          'l.stream_url',
          'l.html_url',
          'l.replay_url',
          'l.recommended',
          'l.chapters',
          'l.subtitles',
          eb
            .selectFrom('users as h')
            .select('h.id')
            .whereRef('h.id', '=', 'l.host_id')
            .where('h.role', 'in', staff)
            .as('host_id'),
          eb
            .selectFrom('users as h')
            .select('h.name')
            .whereRef('h.id', '=', 'l.host_id')
            .where('h.role', 'in', staff)
            .as('host_name'),
          eb
            .selectFrom('live_reservations')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('live_reservations.live_id', '=', 'l.id')
            .as('reservations'),
        ])
        .orderBy('l.start_at', 'desc'),
    (r) => ({
      id: r.id,
      title: r.title,
      summary: r.summary,
      /** As the edit form shows it: paragraphs split by blank lines. */
      description: paragraphsOf(r.description),
      speaker: r.speaker,
      cover: r.cover,
      startAt: r.start_at,
      endAt: r.end_at,
      streamUrl: r.stream_url,
      htmlUrl: r.html_url,
      replayUrl: r.replay_url,
      recommended: r.recommended === 1,
      /** The assigned host (主持人), or null. */
      hostId: r.host_id ?? null,
      hostName: r.host_name ?? null,
      reservations: Number(r.reservations ?? 0),
      /** The replay's chapters, and how many subtitle cues it has (0: none). */
      chapters: readMediaText(r).chapters,
      subtitleCues: readMediaText(r).cues.length,
    }),
    opts,
  );
}
