/** The course list's data (spec 2), for the path form and the title search alike. */
import { courseTags } from '../../../server/cache/tags.ts';
import type { Deps } from '../../../server/deps.ts';
import { listCourses, listLabels } from '../../../server/services/courses/index.ts';
import { limitedOfferPrices } from '../../../server/services/commerce/index.ts';
import { LIST_PAGE_SIZE } from '../../../shared/constants.ts';

const SIZE = LIST_PAGE_SIZE.courses;

export interface CourseListData {
  word: string;
  labelId?: number;
  labels: Awaited<ReturnType<typeof listLabels>>;
  result: Awaited<ReturnType<typeof listCourses>>;
  heading: string;
  /** The 限时特惠 prices on now, by course id (issue 27). */
  offers: Map<number, number>;
  /** The page's cache tags. */
  tags: string[];
}

export async function loadCourseList(
  deps: Deps,
  p: { word: string; labelId?: number; page: number },
): Promise<CourseListData> {
  const [labels, result] = await Promise.all([
    listLabels(deps, { activeId: p.labelId }),
    listCourses(deps, { page: p.page, size: SIZE, word: p.word || undefined, labelId: p.labelId }),
  ]);
  const activeLabel = labels.find((l) => l.active && l.id !== '');
  const heading = p.word
    ? `“${p.word}”相关课程`
    : activeLabel
      ? `${activeLabel.name}课程`
      : '全部课程';
  const tags = [courseTags.list, ...result.list.map((c) => courseTags.one(c.id))];
  const offers = await limitedOfferPrices(
    deps,
    result.list.map((c) => c.id),
  );
  return { word: p.word, labelId: p.labelId, labels, result, heading, offers, tags };
}
