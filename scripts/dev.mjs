#!/usr/bin/env node
// `pnpm dev`: the whole marketplace on this machine, the mock server (http://127.0.0.1:4010) and the app
// (http://127.0.0.1:5173), with prefixed output; Ctrl-C stops both.
//   pnpm dev                 mock server + app
//   pnpm dev --no-server     the app alone, with the mock handlers running in the browser's service worker
//   pnpm dev -- --seed 7     extra flags after `--` go to the mock server
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const noServer = args.includes('--no-server');
const passthrough = args.includes('--') ? args.slice(args.indexOf('--') + 1) : [];

const children = [];
function start(label, colour, cmd, cmdArgs, env = {}) {
  const child = spawn(cmd, cmdArgs, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `\x1b[${colour}m[${label}]\x1b[0m `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  child.on('exit', (code) => {
    console.log(`${prefix}exited with ${code}`);
    stopAll(code ?? 0);
  });
  children.push(child);
}

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 300);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

if (!noServer) start('mock', '35', 'pnpm', ['--silent', '--filter', '@creator-market/mock-server', 'start', ...passthrough]);
start(
  'app',
  '36',
  'pnpm',
  ['--silent', '--filter', '@creator-market/app', 'dev', '--host', '127.0.0.1'],
  noServer ? { VITE_MOCK_IN_BROWSER: '1' } : {},
);
