// The flags of `pnpm dev` (scripts/dev.mjs) and `pnpm build` (scripts/build.mjs): the ports, the app's API
// base and its test modes, parsed in one place and turned into the app's build environment (the VITE_*
// variables app/src/config/hosts.ts and app/src/api/mockWorlds.ts read). Both commands print their help with
// --help and stop with exit code 2 on a flag they do not know (FlagError).
import path from 'node:path';
import { parseArgs } from 'node:util';

/** The mock server's and the app dev server's default ports (DESIGN.md; app/vite.config.ts). */
export const DEFAULT_MOCK_PORT = 4010;
export const DEFAULT_APP_PORT = 5173;
export const DEFAULT_API_BASE = `http://127.0.0.1:${DEFAULT_MOCK_PORT}`;

/** A flag the command does not take, or a value it cannot use: exit code 2, the message on stderr. */
export class FlagError extends Error {
  constructor(message) {
    super(message);
    this.name = 'FlagError';
  }
}

export const DEV_HELP = `Usage: pnpm dev [flags] [-- mock server flags]

The mock server and the app's dev server together; Ctrl-C stops both.

  --mock-port N        the mock server's port (default ${DEFAULT_MOCK_PORT})
  --app-port N         the app's port (default ${DEFAULT_APP_PORT})
  --api-base URL       where the app sends API calls (default http://127.0.0.1:<mock-port>)
  --test-mode          mock worlds: ?mockWorld=NAME pins the app to one (always on in development)
  --mock-in-browser    the app alone, the mock's core in the page behind a service worker (alias --no-server)
  -h, --help           this help; starts nothing

Flags after \`--\` go to the mock server: pnpm dev -- --seed 7 (see pnpm mock --help).`;

export const BUILD_HELP = `Usage: pnpm build [flags]

Builds every package; the app with these flags (into app/dist/ unless --out).

  --api-base URL       where the built app sends API calls (default ${DEFAULT_API_BASE})
  --test-mode          mock worlds: ?mockWorld=NAME pins the app to one (VITE_MOCK_WORLDS=1)
  --mock-in-browser    the mock's core in the page; no server needed (VITE_MOCK_IN_BROWSER=1)
  --out DIR            the app's output folder (default app/dist)
  -h, --help           this help; builds nothing`;

/**
 * parseArgs with its errors as FlagError, naming the command and its help.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:util').ParseArgsConfig['options']} options
 * @returns {Record<string, string | boolean | undefined>}
 */
function parse(command, args, options) {
  try {
    return /** @type {Record<string, string | boolean | undefined>} */ (
      parseArgs({ args, options, strict: true, allowPositionals: false }).values
    );
  } catch (error) {
    throw new FlagError(`${command}: ${error.message.replace(/\. To specify a positional.*$/s, '')} (see ${command} --help)`);
  }
}

function port(command, name, raw, fallback) {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 65535)
    throw new FlagError(`${command}: --${name} must be a port from 1 to 65535, got '${raw}'`);
  return value;
}

function url(command, raw) {
  let parsed;
  try {
    parsed = new URL(raw);
  } catch {
    throw new FlagError(`${command}: --api-base must be an http(s) URL such as ${DEFAULT_API_BASE}, got '${raw}'`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new FlagError(`${command}: --api-base must be an http(s) URL such as ${DEFAULT_API_BASE}, got '${raw}'`);
  return raw.replace(/\/+$/, '');
}

/** In the browser mode the API is a path of the page's own origin (app/src/config/hosts.ts). */
function browserModeConflicts(command, values, names) {
  const given = names.filter((name) => values[name] !== undefined);
  if (given.length > 0)
    throw new FlagError(
      `${command}: --mock-in-browser runs no mock server and the API is the page's own; drop ${given.map((name) => `--${name}`).join(', ')}`,
    );
}

/**
 * `pnpm dev`'s flags: {help, mockPort, appPort, apiBase, testMode, mockInBrowser, mockArgs}; `mockArgs` are
 * the flags after `--`, for the mock server.
 */
export function parseDevFlags(argv) {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const mockArgs = split === -1 ? [] : argv.slice(split + 1);
  const values = parse('pnpm dev', own, {
    'mock-port': { type: 'string' },
    'app-port': { type: 'string' },
    'api-base': { type: 'string' },
    'test-mode': { type: 'boolean' },
    'mock-in-browser': { type: 'boolean' },
    'no-server': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  const mockInBrowser = Boolean(values['mock-in-browser'] || values['no-server']);
  if (mockInBrowser) browserModeConflicts('pnpm dev', values, ['mock-port', 'api-base']);
  if (mockInBrowser && mockArgs.length > 0) throw new FlagError('pnpm dev: --mock-in-browser runs no mock server for the flags after --');
  const mockPort = port('pnpm dev', 'mock-port', values['mock-port'], DEFAULT_MOCK_PORT);
  return {
    help: Boolean(values.help),
    mockPort,
    appPort: port('pnpm dev', 'app-port', values['app-port'], DEFAULT_APP_PORT),
    apiBase: values['api-base'] === undefined ? `http://127.0.0.1:${mockPort}` : url('pnpm dev', values['api-base']),
    testMode: Boolean(values['test-mode']),
    mockInBrowser,
    mockArgs,
  };
}

/** `pnpm build`'s flags: {help, apiBase, testMode, mockInBrowser, outDir}; `outDir` absolute, or undefined for app/dist. */
export function parseBuildFlags(argv, cwd = process.cwd()) {
  const values = parse('pnpm build', argv, {
    'api-base': { type: 'string' },
    'test-mode': { type: 'boolean' },
    'mock-in-browser': { type: 'boolean' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['mock-in-browser']) browserModeConflicts('pnpm build', values, ['api-base']);
  if (values.out === '') throw new FlagError('pnpm build: --out needs a folder');
  return {
    help: Boolean(values.help),
    apiBase: values['api-base'] === undefined ? DEFAULT_API_BASE : url('pnpm build', values['api-base']),
    testMode: Boolean(values['test-mode']),
    mockInBrowser: Boolean(values['mock-in-browser']),
    outDir: values.out === undefined ? undefined : path.resolve(cwd, String(values.out)),
  };
}

/** The app's build environment for these flags (the one mapping of flags to VITE_* variables). */
export function appEnv({ apiBase, testMode, mockInBrowser }) {
  return {
    ...(mockInBrowser ? {} : { VITE_API_BASE: apiBase }),
    ...(testMode ? { VITE_MOCK_WORLDS: '1' } : {}),
    ...(mockInBrowser ? { VITE_MOCK_IN_BROWSER: '1' } : {}),
  };
}

/**
 * A command's flags, or the end of the process: the help printed (exit 0) or a FlagError's message (exit 2).
 * `parseFlags(argv)` is the command's parser.
 */
export function flagsOrExit(parseFlags, help, argv = process.argv.slice(2)) {
  let flags;
  try {
    flags = parseFlags(argv);
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  if (flags.help) {
    console.log(help);
    process.exit(0);
  }
  return flags;
}
