import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Test files share their worker's module cache instead of re-importing everything per file (isolate:
    // false): the suite's CPU time fell from 70 to 38 s (docs/decisions/ci-time.md).
    // Each file builds its own state (worlds, clocks), so nothing leaks between files that tests rely on.
    isolate: false,
    // Every core (vitest's default leaves one free: a single worker on a 2-core CI machine).
    maxWorkers: availableParallelism(),
    include: ['test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['../sdk/test/support/setup.ts'],
    // When a test is called hung, not a speed check: CPU-bound tests (every scenario of every operation, both
    // doors) run four times slower on a loaded 2-core machine, as the app's tests allow for (vite.config.ts).
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
