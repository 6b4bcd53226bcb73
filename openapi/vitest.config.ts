import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Bundling runs the Redocly CLI in a child process: a few seconds per document on 2 shared cores.
    testTimeout: 60_000,
  },
});
