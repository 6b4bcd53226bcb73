// The workspace's packages as an outside project gets them: `pnpm pack` tarballs of the sdk (its prepack
// builds dist/) and of the mock server (its bundle and dist/package first; the Playwright fixture is its
// ./playwright entry). Used by scripts/packages/check.mjs and scripts/example-qa.mjs.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../bench/processes.mjs';

const run = promisify(execFile);

/** `command args` in `cwd`; resolves with its stdout, rejects with its output. */
async function sh(cwd, command, args) {
  const { stdout } = await run(command, args, { cwd, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** Packs @creator-market/sdk into `dest`; resolves with pnpm's output. */
export function packSdk(dest) {
  return sh(join(REPO_ROOT, 'sdk'), 'pnpm', ['pack', '--pack-destination', dest]);
}

/** Bundles and packs @creator-market/mock-server into `dest`; resolves with pnpm's output. */
export async function packMockServer(dest) {
  await sh(REPO_ROOT, process.execPath, ['mock-server/bin/bundle.mjs']);
  return sh(join(REPO_ROOT, 'mock-server'), 'pnpm', ['pack', '--pack-destination', dest]);
}

/** The tarballs packed into `dest`, by package: {sdk, mockServer} (absolute paths); throws when one is missing. */
export function packedTarballs(dest) {
  const packed = readdirSync(dest);
  const find = (prefix) => packed.find((name) => name.startsWith(prefix) && name.endsWith('.tgz'));
  const sdk = find('creator-market-sdk-');
  const mockServer = find('creator-market-mock-server-');
  if (!sdk || !mockServer) throw new Error(`packing failed: ${dest} holds ${packed.join(', ') || 'nothing'}`);
  return { sdk: join(dest, sdk), mockServer: join(dest, mockServer) };
}

/** Packs both packages into `dest` (side by side, two cores); resolves with packedTarballs(dest). */
export async function packAll(dest) {
  await Promise.all([packSdk(dest), packMockServer(dest)]);
  return packedTarballs(dest);
}
