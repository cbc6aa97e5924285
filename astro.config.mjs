// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import preact from '@astrojs/preact';
import { consoleBuild } from './build/console.ts';
import { layoutChunk } from './build/layout-chunk.ts';
import { clientDirectives } from './build/directives.ts';

// Every page is rendered on demand and cached by our own runtime cache provider
// (src/server/cache/provider.ts), whose store the project's server entry
// (src/server/http/main.ts) reads before Astro is ever called: see shared/DESIGN.md.
export default defineConfig({
  output: 'server',
  // A separate output folder lets several builds (parallel test runs) coexist.
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  adapter: node({ mode: 'middleware' }),
  // The console is a separate build (build/console.ts): public chunks never share with it.
  integrations: [preact({ compat: true }), consoleBuild(), layoutChunk(), clientDirectives()],
  cache: {
    provider: { name: 'page-store', entrypoint: './src/server/cache/provider.ts' },
  },
  // spec 2: /index redirects home.
  redirects: { '/index': { status: 301, destination: '/' } },
  build: { inlineStylesheets: 'always' },
  compressHTML: true,
  prefetch: false,
  devToolbar: { enabled: false },
  security: { checkOrigin: false },
  server: { host: '127.0.0.1', port: 4321 },
});
