import { defineConfig } from 'vitest/config';

// Explicit include patterns: without them Vitest would also collect the Playwright specs.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          // A hang guard, not a speed limit: some cases lint or build with whole configs, and
          // the machine may be busy with another test run (the 5 s default is not enough there).
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // Guards against a hang, not a measure of speed: sized for a machine busy with
          // another test run (a fresh database is migrated and seeded per file).
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        // Needs the build (and for the scale-out tests PostgreSQL and nginx): `npm test` runs it
        // after the build.
        test: {
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          environment: 'node',
          // Hang guards, sized for a machine busy with another test run.
          testTimeout: 300_000,
          hookTimeout: 900_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
