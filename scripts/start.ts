/**
 * `npm start`: builds when the sources are newer than the last build, then
 * starts the server entry (migrations and demo seed happen there) in this process.
 * package.json runs it with `exec`, so that npm's SIGTERM reaches this process rather
 * than the shell of the script (which does not pass it on); while building, a signal is
 * passed on to the build's own processes (scripts/children.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { passSignals, signalExit, track } from './children.ts';
import { generateDemoMedia } from './media.ts';
import { loadStaticFiles } from '../src/server/http/static-files.ts';

const OUT = process.env.ASTRO_OUT_DIR || 'dist';
const STAMP = `${OUT}/.build-stamp`;
const INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

export function needsBuild(): boolean {
  if (!existsSync(STAMP) || !existsSync(`${OUT}/server/entry.mjs`)) return true;
  const built = statSync(STAMP).mtimeMs;
  return INPUTS.some((p) => newest(p) > built);
}

export async function build(): Promise<void> {
  await generateDemoMedia();
  process.stdout.write('building (astro build)…\n');
  // Always a production build: Astro (and Vite) take NODE_ENV from the environment when it is
  // set, and a build run under a test runner (NODE_ENV=test) would ship React's development
  // builds and compile the server's islands for React's development JSX runtime.
  const astro = track(
    spawn('astro', ['build'], {
      stdio: 'inherit',
      shell: false,
      env: { ...process.env, NODE_ENV: 'production' },
    }),
  );
  const status = await new Promise<number | null>((done, fail) => {
    astro.once('error', fail);
    astro.once('exit', (code) => done(code));
  });
  if (status !== 0) process.exit(signalExit() ?? status ?? 1);
  // The assets' brotli and gzip forms, made now rather than at every start (static-files.ts).
  rmSync(`${OUT}/.compressed`, { recursive: true, force: true });
  const t0 = performance.now();
  process.stdout.write(
    `compressing the built assets (brotli and gzip, kept in ${OUT}/.compressed)…\n`,
  );
  const files = await loadStaticFiles(join(OUT, 'client'));
  process.stdout.write(
    `compressed ${files.size} assets in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
  );
  writeFileSync(STAMP, new Date().toISOString());
}

if (import.meta.main) {
  const building = passSignals();
  if (needsBuild() || process.argv.includes('--build')) await build();
  // Demo media the seed lists (quick when they are up to date).
  else if (process.env.XXT_MODE !== 'production') await generateDemoMedia();
  // From here the server's own handlers drain and stop it (src/server/http/main.ts).
  building();
  if (!process.argv.includes('--build-only'))
    await import('../src/server/http/main.ts').then((m) => m.main());
}
