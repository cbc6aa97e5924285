/**
 * `npm test`: everything, in order: system packages for the browser tests,
 * lint, type check, unit and integration tests, the build, browser tests.
 * Integration tests run against SQLite, and also against PostgreSQL when
 * DATABASE_URL is a postgres URL (CI sets it); then tests/deploy after the browser
 * tests: the built server as a process (SIGTERM), and with DATABASE_URL the scale-out
 * tests (two instances behind nginx).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(
  title: string,
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): void {
  process.stdout.write(`\n▶ ${title}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) {
    process.stderr.write(`✖ ${title} failed\n`);
    process.exit(r.status ?? 1);
  }
}

const scaleOut = process.env.DATABASE_URL?.startsWith('postgres') ?? false;

function ensureBrowser(): void {
  const missing: string[] = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'))
    missing.push('fonts-noto-cjk');
  // The scale-out tests put nginx in front of two instances.
  if (scaleOut && !existsSync('/usr/sbin/nginx')) missing.push('nginx-light');
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    process.stderr.write(
      `browser tests need Debian packages: run \`sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}\` and try again\n`,
    );
    process.exit(1);
  }
  // Another test run on this machine may be installing them too: one apt-get at a time (apt's
  // own lock would refuse the second outright); the later one finds them installed.
  const lock = ['/run/lock/xxt-test-apt.lock'];
  run('apt-get update', 'flock', [...lock, 'apt-get', 'update']);
  run(
    `apt-get install ${missing.join(' ')}`,
    'flock',
    [
      ...lock,
      'apt-get',
      '-o',
      'DPkg::Lock::Timeout=600',
      'install',
      '-y',
      '--no-install-recommends',
      ...missing,
    ],
    {
      ...process.env,
      DEBIAN_FRONTEND: 'noninteractive',
    },
  );
}

ensureBrowser();
run('lint (eslint, prettier)', 'npm', ['run', 'lint']);
run('type check (astro check)', 'npm', ['run', 'typecheck']);
const { DATABASE_URL: dbUrl, ...withoutDb } = process.env;
run('unit tests', 'vitest', ['run', '--project', 'unit']);
run('integration tests on SQLite', 'vitest', ['run', '--project', 'integration'], withoutDb);
if (dbUrl?.startsWith('postgres')) {
  run('integration tests on PostgreSQL', 'vitest', ['run', '--project', 'integration'], {
    ...process.env,
    DATABASE_URL: dbUrl,
  });
}
run('build', 'node', ['scripts/start.ts', '--build', '--build-only']);
run('browser tests (Playwright, Debian Chromium)', 'playwright', ['test'], withoutDb);
// The server process of the build (SIGTERM, npm start) on SQLite; with DATABASE_URL also
// the scale-out tests (two instances, PostgreSQL, Redis, S3, nginx).
run(
  scaleOut ? 'server process and scale-out tests' : 'server process tests',
  'vitest',
  ['run', '--project', 'deploy'],
  scaleOut ? { ...process.env, DATABASE_URL: dbUrl } : withoutDb,
);
process.stdout.write('\n✔ all checks passed\n');
