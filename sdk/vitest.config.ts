import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Test files share their worker's module cache instead of re-importing everything per file (isolate:
    // false): the suite's CPU time fell from 39 to 13 s (docs/decisions/ci-time.md).
    // Each file builds its own state (worlds, clocks), so nothing leaks between files that tests rely on.
    isolate: false,
    // Every core (vitest's default leaves one free: a single worker on a 2-core CI machine).
    maxWorkers: availableParallelism(),
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // When a test is called hung, not a speed check: a property's hundred runs take four times as long on a
    // loaded 2-core machine (5 s, vitest's default, was missed at load average 17).
    testTimeout: 60_000,
    // Fixes fast-check's seed and run count for every property (see test/support/setup.ts).
    setupFiles: ['./test/support/setup.ts'],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/generated/**'],
    },
  },
});
