/**
 * `npm start`: builds when the sources are newer than the last build, then
 * starts the server entry (migrations and demo seed happen there).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateDemoMedia } from './media.ts';

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
  const r = spawnSync('astro', ['build'], { stdio: 'inherit', shell: false });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(STAMP, new Date().toISOString());
}

if (import.meta.main) {
  if (needsBuild() || process.argv.includes('--build')) await build();
  // Demo media the seed lists (quick when they are up to date).
  else if (process.env.XXT_MODE !== 'production') await generateDemoMedia();
  if (!process.argv.includes('--build-only'))
    await import('../src/server/http/main.ts').then((m) => m.main());
}
