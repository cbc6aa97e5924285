/**
 * Column types shared by every table. Times are ISO-8601 UTC strings in both
 * SQLite and PostgreSQL (they sort as text); flags are 0/1 integers, so one
 * schema and one set of queries serves both databases.
 */
import type { Generated } from 'kysely';

export type Id = Generated<number>;
export type Flag = number;
export type Time = string;
