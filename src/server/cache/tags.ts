/**
 * Every cache-tag family, built in one place (issue 10). Pages tag what they
 * show (`cachePublic(Astro, [articleTags.one(12)])`); services invalidate the
 * same tags when content changes, so the two can never spell a tag apart.
 */

/** Every cached page carries this tag: invalidating it empties the cache. */
export const SITE_TAG = 'site';

/** Pages that are not an entity or a list. */
export const pageTags = {
  home: 'page:home',
  about: 'page:about',
  account: 'page:account',
  legal: 'page:legal',
} as const;

/** A family with a list tag and one tag per item: articleTags.one(12) → 'article:12'. */
function family<L extends string, P extends string>(list: L, prefix: P) {
  return { list, one: (id: number) => `${prefix}:${id}` as const };
}

export const articleTags = family('list:articles', 'article');
export const courseTags = family('list:courses', 'course');
export const liveTags = family('list:live', 'live');
export const noticeTags = family('list:notices', 'notice');
export const resourceTags = family('list:resources', 'resource');
export const shortVideoTags = family('list:shortvideos', 'shortvideo');
export const videoTags = family('list:videos', 'video');
export const columnTags = {
  ...family('list:columns', 'column'),
  big: (id: number) => `bigcolumn:${id}` as const,
};
/** 学习路线 (issue 28): the list /paths and one path /path/3. */
export const pathTags = family('list:paths', 'path');
/** 项目挑战 (issue 28): the list /challenges and one challenge /challenge/2 (its gallery too). */
export const challengeTags = family('list:challenges', 'challenge');
/** A member's public page /member/7 (its name, photo, badges, accepted work and articles). */
export const memberTags = { one: (id: number) => `member:${id}` as const };
export const toolTags = { list: 'list:tools' } as const;
export const companyTags = { list: 'list:companies' } as const;
export const adTags = { list: 'list:ads' } as const;
/** The VIP page (/vip): its cards and benefits (issue 27). */
export const vipTags = { page: 'vip' } as const;
export const searchTags = { list: 'list:search' } as const;
/** A certificate's public page (issue 28): certificateTags.one('XXT-2026-…') → 'cert:XXT-2026-…'. */
export const certificateTags = { one: (number: string) => `cert:${number}` as const };
/**
 * The visible comments of an item, which its page renders (issue 25: a static export shows
 * them without the API): commentTags.of('article', 12) → 'comments:article:12'
 */
export const commentTags = {
  of: (type: string, id: number) => `comments:${type}:${id}` as const,
};
