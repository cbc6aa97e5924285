/**
 * The operations console is built on its own (issue 12). Rolldown shares one
 * runtime-helper chunk among every chunk of a build (rolldown#2654), so a
 * console in Astro's client build changes the public islands' chunks (each
 * gains an import of a larger shared helper chunk). Built as a separate Vite
 * build, the console shares nothing with public pages: their JavaScript is
 * byte for byte what it is without the console (scripts/bench-console.ts).
 *
 * On `astro build` the console is built first into a temporary folder, its
 * entry's URL is handed to the /admin page through `virtual:console`,
 * and the files are copied under `_astro/console/` (hashed names, cached as
 * immutable like every `_astro` file) when Astro's build is done. In
 * `astro dev` the page loads the source entry through Astro's Vite server.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build, type Rolldown } from 'vite';

const ENTRY = 'src/console/main.tsx';
const VIRTUAL = 'virtual:console';
const BASE = '/_astro/console/';

export function consoleBuild(): AstroIntegration {
  let out: string | null = null;
  let entryUrl = '/' + ENTRY;
  return {
    name: 'console',
    hooks: {
      'astro:config:setup': async ({ command, config, updateConfig, logger }) => {
        const root = fileURLToPath(config.root);
        if (command === 'build' && existsSync(resolve(root, ENTRY))) {
          out = mkdtempSync(join(tmpdir(), 'xxt-console-'));
          const result = (await build({
            configFile: false,
            root,
            base: BASE,
            logLevel: 'warn',
            publicDir: false,
            build: {
              outDir: out,
              emptyOutDir: true,
              modulePreload: false,
              chunkSizeWarningLimit: 4096,
              rolldownOptions: {
                input: resolve(root, ENTRY),
                // antd marks its modules "use client" for React Server Components; meaningless here.
                onwarn(warning, warn) {
                  if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
                },
                output: {
                  entryFileNames: 'app.[hash].js',
                  chunkFileNames: '[name].[hash].js',
                  assetFileNames: '[name].[hash][extname]',
                },
              },
            },
          })) as Rolldown.RolldownOutput;
          const entry = result.output.find((o) => o.type === 'chunk' && o.isEntry);
          if (!entry) throw new Error('the console build produced no entry');
          entryUrl = BASE + entry.fileName;
          logger.info(`console built: ${entryUrl}`);
        }
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'console-entry',
                resolveId: (id) => (id === VIRTUAL ? '\0' + VIRTUAL : undefined),
                load: (id) =>
                  id === '\0' + VIRTUAL ? `export default ${JSON.stringify(entryUrl)};` : undefined,
              },
            ],
          },
        });
      },
      'astro:build:done': ({ dir }) => {
        if (!out) return;
        const target = join(fileURLToPath(dir), BASE);
        rmSync(target, { recursive: true, force: true });
        cpSync(out, target, { recursive: true });
        rmSync(out, { recursive: true, force: true });
      },
    },
  };
}
