/**
 * Build time against the database (issue 3 budget c): `astro build` into the
 * benchmark's folder with DATABASE_URL pointing at the small database, the
 * large one, and an unreachable server. The build succeeding against an
 * unreachable database shows it never reads the database; the times show
 * it does not grow with the number of articles.
 */
import { spawnSync } from 'node:child_process';
import { BENCH } from './bench-util.ts';

export interface BuildRun {
  database: string;
  seconds: number;
  ok: boolean;
}

export function timeBuild(label: string, databaseUrl: string): BuildRun {
  const started = performance.now();
  const run = spawnSync('npx', ['astro', 'build'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ASTRO_OUT_DIR: BENCH.outDir,
      DATABASE_URL: databaseUrl,
    },
    encoding: 'utf8',
    timeout: 600_000,
  });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  if (run.status !== 0) process.stderr.write(run.stdout.slice(-2000) + run.stderr.slice(-2000));
  return { database: label, seconds, ok: run.status === 0 };
}

/** A PostgreSQL URL nothing listens on: any database access during the build would fail it. */
export const UNREACHABLE_DB = 'postgres://bench@127.0.0.1:1/unreachable';
