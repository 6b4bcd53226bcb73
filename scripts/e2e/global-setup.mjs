// The journeys' stack, started once for every worker and project (playwright.config.mjs's globalSetup):
// - the 'server' project: the mock server (its CLI on a free port), the app built once for it and served as
//   the real host serves it (../lib/app-site.mjs);
// - the 'static' project: `pnpm build:static`'s folder (app/dist-static, built here) served by a plain static
//   file server, Python's http.server, with no mock process: the mock runs in the app's page. The folder is
//   served below a sub-path (/creator-market/, as GitHub Pages serves a repository's site), so the journeys
//   also check the app works away from the host's root.
// The addresses go to the workers in the environment (E2E_API_BASE, E2E_APP_URL, E2E_STATIC_URL); the
// returned function stops everything.
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { freePort, HOST, REPO_ROOT, startProcess } from '../bench/processes.mjs';
import { serveBuild } from '../lib/app-site.mjs';
import { buildStatic, STATIC_DIR } from '../build-static.mjs';
import { buildApp, BUILD_DIR, startMockServer } from './lib/stack.mjs';

/** The folder the static host serves: the site sits in it at STATIC_SUBPATH (a link to app/dist-static). */
const STATIC_HOST_DIR = path.join(REPO_ROOT, '.tmp', 'e2e-static-host');
export const STATIC_SUBPATH = 'creator-market';

const log = (line) => console.log(`[e2e] ${line}`);
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** Python's http.server on a free loopback port, serving `dir`; resolves once it answers. */
async function pythonStaticServer(dir) {
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const server = await startProcess({
    command: 'python3',
    args: ['-m', 'http.server', String(port), '--bind', HOST, '--directory', dir],
    probe: () => fetch(`${origin}/`).then((response) => response.ok),
    timeoutMs: 30_000,
    label: 'python3 -m http.server',
  });
  return { origin, stop: () => server.stop() };
}

export default async function globalSetup() {
  const started = Date.now();
  const stops = [];
  try {
    const mock = await startMockServer();
    stops.push(() => mock.stop());
    await buildApp(mock.baseUrl);
    const app = await serveBuild(BUILD_DIR);
    stops.push(() => app.close());
    log(`mock server ${mock.baseUrl} (ready in ${(mock.readyMs / 1000).toFixed(1)} s), app built and served at ${app.origin}`);

    const staticStarted = Date.now();
    const site = await buildStatic(STATIC_DIR);
    rmSync(STATIC_HOST_DIR, { recursive: true, force: true });
    mkdirSync(STATIC_HOST_DIR, { recursive: true });
    symlinkSync(STATIC_DIR, path.join(STATIC_HOST_DIR, STATIC_SUBPATH), 'dir');
    const host = await pythonStaticServer(STATIC_HOST_DIR);
    stops.push(() => host.stop());
    const staticUrl = `${host.origin}/${STATIC_SUBPATH}/`;
    log(
      `static build (${site.files} files, ${(site.bytes / 1024 / 1024).toFixed(1)} MB) in ${seconds(staticStarted)} s, served by python3 -m http.server at ${staticUrl}`,
    );

    process.env.E2E_API_BASE = mock.baseUrl;
    process.env.E2E_APP_URL = `${app.origin}/`;
    process.env.E2E_STATIC_URL = staticUrl;
    process.env.E2E_SETUP_SECONDS = seconds(started);
  } catch (error) {
    for (const stop of stops.reverse()) await stop();
    throw error;
  }
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
