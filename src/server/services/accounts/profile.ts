/**
 * The member's own profile (spec 7: /api/user/saveUser): name, email, job
 * role, product interests and photo. Validated as a whole first, so a bad
 * field changes nothing.
 */
import type { SaveUserInput } from '../../../shared/account-schemas.ts';
import { AppError } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import type { UserUpdate } from '../../db/schema.ts';
import { getUserInfo, type UserInfo } from './users.ts';
import { isOwnUpload, uploadName, UPLOADS_PATH } from './uploads.ts';
import { ACCOUNTS_MSG } from './messages.ts';
import { memberTags } from '../../cache/tags.ts';
import { commitChange } from '../lib/index.ts';

/**
 * Saves the profile; a field left out keeps its value, one sent empty is
 * cleared. The photo must be the member's current one or an image this
 * member uploaded (a URL from /api/upload/image1.action).
 */
export async function saveProfile(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'cache'>,
  userId: number,
  input: SaveUserInput,
): Promise<UserInfo> {
  const current = await deps.db
    .selectFrom('users')
    .select('photo')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const update: UserUpdate = { name: input.name, updated_at: iso(deps.clock.now()) };
  if (input.email !== undefined) update.email = input.email || null;
  if (input.jobRole !== undefined) update.job_role = input.jobRole || null;
  if (input.productInterests !== undefined)
    update.product_interests = JSON.stringify(input.productInterests);
  if (input.photo !== undefined && input.photo !== current.photo) {
    if (input.photo === '') update.photo = null;
    else if (await isOwnUpload(deps, userId, input.photo))
      update.photo = `${UPLOADS_PATH}${uploadName(deps, input.photo)}`;
    else throw AppError.badRequest(ACCOUNTS_MSG.photoInvalid);
  }
  // The member's public page shows the name and photo.
  await commitChange(deps, async (trx) => {
    await trx.updateTable('users').set(update).where('id', '=', userId).execute();
    return { value: undefined, tags: [memberTags.one(userId)] };
  });
  const info = await getUserInfo(deps, userId);
  if (!info) throw AppError.unauthorized();
  return info;
}
