#!/usr/bin/env node
// `pnpm dev`: the whole marketplace on this machine, the mock server (http://127.0.0.1:4010) and the app
// (http://127.0.0.1:5173), with prefixed output; Ctrl-C stops both. `pnpm dev --help` lists the flags
// (lib/app-flags.mjs):
//   pnpm dev                                  mock server + app
//   pnpm dev --mock-port 4111 --app-port 5199 on other ports (the app's API base follows the mock's port)
//   pnpm dev --mock-in-browser                the app alone, the mock's core in the page behind a service worker
//   pnpm dev -- --seed 7                      extra flags after `--` go to the mock server
import { spawn } from 'node:child_process';
import { appEnv, DEV_HELP, flagsOrExit, parseDevFlags } from './lib/app-flags.mjs';

const flags = flagsOrExit(parseDevFlags, DEV_HELP);

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

if (!flags.mockInBrowser) {
  start('mock', '35', 'pnpm', [
    '--silent',
    '--filter',
    '@creator-market/mock-server',
    'start',
    '--port',
    String(flags.mockPort),
    ...flags.mockArgs,
  ]);
}
start(
  'app',
  '36',
  'pnpm',
  ['--silent', '--filter', '@creator-market/app', 'dev', '--host', '127.0.0.1', '--port', String(flags.appPort)],
  appEnv(flags),
);
