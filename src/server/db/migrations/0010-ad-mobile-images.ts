/**
 * A second creative per ad for phones (art direction): a wide banner scaled
 * into a 360 px slot of fixed height is cropped to its middle, so an ad may
 * carry an image drawn for the narrow slot, used below 720 px.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('roll_images').addColumn('mobile_image_url', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('roll_images').dropColumn('mobile_image_url').execute();
}
