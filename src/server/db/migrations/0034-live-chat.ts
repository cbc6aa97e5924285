/**
 * Issue 26, live chat and Q&A: what members write in a broadcast's chat (a message or a
 * question), with the broadcast's media time for the replay; one vote per member on a question
 * (the primary key makes a second one fail); and the broadcast's change events, numbered per
 * broadcast (`seq`), which the event stream sends as its ids so a viewer resumes where it left.
 */
import { withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'live_chat_messages')
    .addColumn('live_id', 'integer', (c) =>
      c.notNull().references('live_broadcasts.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('media_seconds', 'integer', (c) => c.notNull())
    .addColumn('votes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answer', 'text')
    .addColumn('answered_at', 'text')
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('live_chat_messages_live')
    .on('live_chat_messages')
    .columns(['live_id', 'id'])
    .execute();
  await db.schema
    .createTable('live_chat_votes')
    .addColumn('message_id', 'integer', (c) =>
      c.notNull().references('live_chat_messages.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_chat_votes_pk', ['message_id', 'user_id'])
    .execute();
  await withId(db, 'live_chat_events')
    .addColumn('live_id', 'integer', (c) =>
      c.notNull().references('live_broadcasts.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('message_id', 'integer', (c) =>
      c.notNull().references('live_chat_messages.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('live_chat_events_seq', ['live_id', 'seq'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('live_chat_events').execute();
  await db.schema.dropTable('live_chat_votes').execute();
  await db.schema.dropTable('live_chat_messages').execute();
}
