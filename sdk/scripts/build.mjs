// Builds the published sdk: src/ → dist/ (ES modules and declaration files) with tsconfig.build.json, from an
// empty dist/ so that a removed module leaves nothing behind. `pnpm pack` runs it first (prepack), so a
// tarball never carries a stale build. docs/decisions/sdk-packaging.md says why tsc and not a bundler.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const sdkDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

rmSync(join(sdkDir, 'dist'), { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', join(sdkDir, 'tsconfig.build.json')], { stdio: 'inherit' });
console.log('[sdk] built dist/');
