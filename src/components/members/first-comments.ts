/**
 * The first page of an item's visible comments as ItemComments renders it on the server (issue
 * 25: a static export shows them without the API), for ItemComments itself and for a page that
 * loads everything it shows before rendering (the article page).
 */
import type { Deps } from '../../server/deps.ts';
import { listComments, type CommentView } from '../../server/services/members/index.ts';
import type { TargetType } from '../../shared/constants.ts';

export interface FirstComments {
  list: CommentView[];
  count: number;
}

/** Page 1 (10 comments) as a visitor sees it, with the total count. */
export async function firstComments(
  deps: Pick<Deps, 'db' | 'clock' | 'cache'>,
  targetType: TargetType,
  targetId: number,
): Promise<FirstComments> {
  const { list, count } = await listComments(
    deps,
    { targetType, targetId },
    { page: 1, size: 10 },
    null,
  );
  return { list, count };
}
