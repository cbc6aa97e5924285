/**
 * Issue 22's sizes, kept: outside the seed data no source file passes 400 lines and no folder
 * 2,000 lines of its own files, and a service file name is used by one domain only (index.ts and
 * messages.ts repeat on purpose: the same place answers the same question in every domain).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');
const SOURCE = new Set(['.ts', '.tsx', '.astro', '.css', '.mjs']);
/** Seed data: the demo's written content, long by nature. */
const isSeed = (path: string) => relative(SRC, path).startsWith(join('server', 'db', 'seed'));

function walk(dir: string, each: (file: string) => void): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, each);
    else each(path);
  }
}

const lineCount = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;

const files: string[] = [];
walk(SRC, (f) => {
  if (SOURCE.has(extname(f)) && !isSeed(f)) files.push(f);
});

describe('the size of the source tree (issue 22)', () => {
  it('has source files to measure', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it('no source file outside the seed data passes 400 lines', () => {
    const long = files
      .map((f) => `${relative(ROOT, f)}: ${lineCount(f)}`)
      .filter((line) => Number(line.split(': ')[1]) > 400);
    expect(long).toEqual([]);
  });

  it('no folder outside the seed data holds more than 2,000 lines of its own files', () => {
    const perFolder = new Map<string, number>();
    for (const f of files) {
      const folder = relative(ROOT, join(f, '..'));
      perFolder.set(folder, (perFolder.get(folder) ?? 0) + lineCount(f));
    }
    const big = [...perFolder].filter(([, n]) => n > 2000).map(([d, n]) => `${d}: ${n}`);
    expect(big).toEqual([]);
  });

  it('a service file name belongs to one domain (index.ts and messages.ts aside)', () => {
    const services = join(SRC, 'server', 'services');
    const owners = new Map<string, Set<string>>();
    for (const f of files.filter((f) => f.startsWith(services))) {
      const domain = relative(services, f).split('/')[0]!;
      const name = basename(f);
      if (name === 'index.ts' || name === 'messages.ts') continue;
      owners.set(name, (owners.get(name) ?? new Set()).add(domain));
    }
    const repeated = [...owners].filter(([, d]) => d.size > 1).map(([n, d]) => `${n}: ${[...d]}`);
    expect(repeated).toEqual([]);
  });
});
