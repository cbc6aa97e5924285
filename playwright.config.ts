import { defineConfig } from '@playwright/test';

// Browser tests drive the real built server (scripts/e2e-server.ts) in
// Debian's Chromium; Playwright never downloads a browser of its own.
//
// The server's port: E2E_PORT when set; otherwise the server takes a free one, so that two runs
// on one machine never meet. Its "listening" line names the port, which Playwright then puts into
// E2E_PORT (webServer.wait) before it starts the workers; they read this file again and so
// see the port in baseURL.
const PORT = process.env.E2E_PORT ?? '0';

export default defineConfig({
  testDir: 'tests/e2e',
  // Hang guards sized for a machine busy with another test run; tests wait on states, not times.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // The console's tests change what every page shows (a live ad in the top banner): they run
  // after the site's tests, never beside them.
  projects: [
    { name: 'site', testIgnore: /admin(-[a-z-]+)?\.spec\.ts/ },
    // Staff's browsers ask for reduced motion, which the console honours (antd's motions take 0 s): a
    // click on a dialog still zooming in was lost in a whole CI run (证书管理's 撤销), as
    // clicks on an option list still opening were before.
    {
      name: 'console',
      testMatch: /admin(-[a-z-]+)?\.spec\.ts/,
      dependencies: ['site'],
      use: { reducedMotion: 'reduce' },
    },
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  },
  webServer: {
    command: `node scripts/e2e-server.ts`,
    // Ready when it listens (after migrating and seeding); the line also gives the port.
    wait: { stdout: /"msg":"listening","url":"http:\/\/127\.0\.0\.1:(?<e2e_port>\d+)"/ },
    // A start-up on a machine busy with another run: a server that fails exits, and is seen at once.
    timeout: 600_000,
    reuseExistingServer: false,
    // Partner zones are <slug>.xinxuetang.local (mapped to 127.0.0.1 in tests/e2e/zones.spec.ts).
    env: {
      PORT,
      HOST: '127.0.0.1',
      COOKIE_DOMAIN: 'xinxuetang.local',
      TRUST_PROXY: '1',
    },
  },
});
