/**
 * Every page runs the layout's script (src/layouts/BaseLayout.astro: header, login trigger, ads,
 * analytics, toasts). Left to itself, Rolldown splits what it imports into a chunk per set of
 * importers: about a dozen files of 0.6–8 KB, each its own request before the first paint
 * (issue 30: Lighthouse's mobile model charges a round trip per wave of six, which put the
 * article's first paint 0.5 s behind a static page of the same size). This puts the modules the
 * layout's script imports statically, found by reading their imports, in one chunk of the client
 * build. Islands that share some of them import that chunk, which every page has loaded already.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { AstroIntegration } from 'astro';

const LAYOUT = 'src/layouts/BaseLayout.astro';

/** Static imports of a source (not `import type`, not `import()`), relative ones only. */
function staticImports(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(
    /^\s*import\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm,
  ))
    out.push(m[1]!);
  return out;
}

function resolveSource(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const p of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`])
    if (existsSync(p) && /\.(ts|tsx)$/.test(p)) return p;
  return null;
}

/** The source files the layout's script reaches through static imports. */
export function layoutModules(root: string): Set<string> {
  const layout = resolve(root, LAYOUT);
  const script = /<script>([\s\S]*?)<\/script>/.exec(readFileSync(layout, 'utf8'))?.[1] ?? '';
  const seen = new Set<string>();
  const queue = staticImports(script).flatMap((s) => resolveSource(layout, s) ?? []);
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of staticImports(readFileSync(file, 'utf8'))) {
      const next = resolveSource(file, spec);
      if (next) queue.push(next);
    }
  }
  return seen;
}

export function layoutChunk(): AstroIntegration {
  return {
    name: 'layout-chunk',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        const modules = layoutModules(new URL('.', config.root).pathname);
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'layout-chunk',
                // The browser's build only: the server's chunks stay as they are.
                configEnvironment(name) {
                  if (name !== 'client') return;
                  return {
                    build: {
                      rolldownOptions: {
                        output: {
                          codeSplitting: {
                            groups: [{ name: 'layout', test: (id: string) => modules.has(id) }],
                          },
                        },
                      },
                    },
                  };
                },
              },
            ],
          },
        });
      },
    },
  };
}
