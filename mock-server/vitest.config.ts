import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['../sdk/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
