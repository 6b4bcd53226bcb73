/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

/** The mock server's default address (DESIGN.md: `pnpm mock` listens on 127.0.0.1:4010). */
const DEFAULT_API_BASE = 'http://127.0.0.1:4010';

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  return {
    plugins: [react()],
    // Always a string in the bundle, so code never has to repeat the fallback.
    define: {
      'import.meta.env.VITE_API_BASE': JSON.stringify(env.VITE_API_BASE || DEFAULT_API_BASE),
    },
    server: { port: 5173, strictPort: true },
    preview: { port: 4173, strictPort: true },
    build: {
      target: 'es2020',
      cssCodeSplit: true,
      // The desktop native-shell simulator (src/native/simulator) is a second page next to the app.
      rolldownOptions: {
        input: {
          main: fileURLToPath(new URL('./index.html', import.meta.url)),
          simulator: fileURLToPath(new URL('./simulator.html', import.meta.url)),
        },
      },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      restoreMocks: true,
    },
  };
});
