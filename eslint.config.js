// @ts-check
// ESLint over every package: typescript-eslint with type information, React's hooks rules in the app, and the
// architecture's boundaries as rules (which package may import which, only by its name and declared, the app's
// layers, features that never import each other, no import cycles). `pnpm lint` runs it with Prettier and the OpenAPI lint.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jestDom from 'eslint-plugin-jest-dom';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The folder the zones' paths (`./app/src/...`) start from: the repository, wherever ESLint is run from (its
 * default is the working directory, and from a package's folder every zone would match nothing).
 */
const REPO_ROOT = import.meta.dirname;

/** app/src/features/<x>: each may import only itself (shared pieces live in lib/, components/ or testing/). */
const features = readdirSync(new URL('./app/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * app/src's layers, bottom to top (docs/decisions/app-layers.md): a folder imports only the folders below it.
 * config is the build's settings, lib pure helpers, api the API client, stores the app's state, services what
 * every screen calls (errors, login, analytics, navigation, the platform and the native bridge in
 * services/native), ui the UI kit, components the shared domain parts, features the parts with a behaviour
 * of their own, screens one per route, and the shell the composition root (App, routes, the router view, main).
 */
const APP_LAYERS = ['config', 'lib', 'api', 'stores', 'services', 'ui', 'components', 'features', 'screens', 'shell'];
/** Folders beside the layers: the UI kit's showcase page (loaded by the shell) and the native-shell simulator page. */
const APP_PAGES = ['dev', 'simulator'];
const appFolder = (/** @type {string} */ name) => `./app/src/${name}`;

const appZones = [
  ...APP_LAYERS.slice(0, -1).map((layer, index) => ({
    target: appFolder(layer),
    from: [...APP_LAYERS.slice(index + 1), ...APP_PAGES].map(appFolder),
    message: `${layer}/ is below ${APP_LAYERS.slice(index + 1).join(', ')} (docs/decisions/app-layers.md): move the shared piece down to where both can import it`,
  })),
  ...features.map((feature) => ({
    target: `./app/src/features/${feature}`,
    from: './app/src/features',
    except: [`./${feature}`],
    message: 'a feature never imports another feature: move the shared piece to app/src/lib, components or testing',
  })),
  {
    target: appFolder('dev'),
    from: ['features', 'screens', 'shell', 'simulator'].map(appFolder),
    message: "the UI kit's showcase shows the kit: it never imports features, screens or the shell",
  },
  {
    target: appFolder('simulator'),
    from: ['ui', 'components', 'features', 'screens', 'shell', 'dev'].map(appFolder),
    message: 'the simulator is a page of its own: it loads the app in a frame and imports only the bridge, lib and styles',
  },
  {
    target: appFolder('mocks'),
    from: ['screens', 'shell', 'testing'].map(appFolder),
    message: "the browser mock sits below the shell, which loads it (main.tsx), and never needs the tests' helpers",
  },
];
/** What only tests import: every test helper (harnesses, the test server and journal, the setup) lives in testing/. */
const testSupportZones = [
  {
    target: [...APP_LAYERS, ...APP_PAGES].map(appFolder),
    from: appFolder('testing'),
    message: 'only tests import the test helpers (testing/)',
  },
  {
    target: [...APP_LAYERS.filter((layer) => layer !== 'shell'), ...APP_PAGES].map(appFolder),
    from: appFolder('mocks'),
    message: 'only the shell (main.tsx) loads the browser mock (mocks/)',
  },
];

/** A package may import none of these workspace packages. */
const packageBoundary = (/** @type {string[]} */ forbidden, /** @type {string} */ why) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ group: forbidden.map((name) => `@creator-market/${name}`).flatMap((p) => [p, `${p}/*`]), message: why }] },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'app/dist-static/',
      'artifacts/',
      '.tmp/',
      'coverage/',
      'openapi/bundled/',
      'sdk/src/generated/',
      'app/public/mockServiceWorker.js',
      // Another team's project: its types come from its own install (tarballs), its own `tsc --noEmit` checks it.
      'mock-server/examples/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          // The few scripts outside a package's tsconfig (each package's own build helpers).
          allowDefaultProject: ['mock-server/vitest.config.ts', 'mock-server/bin/*.mjs', 'fixtures/scripts/*.mjs', 'eslint.config.js'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads the files an import leads to with the TypeScript parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mjs', '.js'] },
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Another package is imported by its name and exports, never by a path into its folder.
      'import-x/no-relative-packages': 'error',
      // Each package declares what it imports in its own package.json (the nearest one to the file): what the
      // root declares resolves from every folder, so an undeclared import would work only by that hoisting.
      'import-x/no-extraneous-dependencies': ['error', { devDependencies: true, includeInternal: true }],
      // An unused value is a mistake; `_name` says "deliberately unused" (a destructured rest, a callback's slot).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  // A function a reader can hold in view (issue 29.5): product code splits a longer one into named steps,
  // sub-components or hooks. Tests are excepted: a test's arrange-act-assert reads top to bottom.
  {
    files: ['app/src/**', 'mock-server/src/**', 'sdk/src/**', 'fixtures/src/**', 'scripts/**'],
    ignores: ['**/*.test.*', '**/*.spec.*', '**/test/**'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  // The scripts are JavaScript checked from JSDoc (scripts/tsconfig.json is not strict): answers of the API
  // and reports are untyped JSON there by nature, so the rules about `any` flowing would flag every read.
  {
    files: ['**/*.mjs', '**/*.js'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // Browser journeys: page.evaluate() callbacks run in the page.
  { files: ['scripts/e2e/**', 'scripts/a11y/**'], languageOptions: { globals: { ...globals.browser } } },
  // The browser app and its tests.
  {
    files: ['app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The app's tests say what they mean of the DOM with jest-dom's matchers (toBeInTheDocument, toBeDisabled,
  // toHaveTextContent ...), not toBeTruthy on a query: the plugin's recommended rules, each with its fix.
  { files: ['app/src/**/*.test.{ts,tsx}'], ...jestDom.configs['flat/recommended'] },
  // What the plugin does not see: an element found with querySelector or closest, checked for being there.
  {
    files: ['app/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['', '.object'].map((not) => ({
          selector: `CallExpression[callee.property.name=/^(toBeTruthy|toBeFalsy|toBeNull)$/] > MemberExpression.callee${not ? ' > MemberExpression.object' : ''} > CallExpression.object[callee.name='expect'] > CallExpression.arguments:first-child[callee.property.name=/^(querySelector|closest)$/]`,
          message: 'an element found or not: toBeInTheDocument() or not.toBeInTheDocument() (jest-dom)',
        })),
      ],
    },
  },
  // What another project installs runs with its dependencies only: the packages' product code never imports
  // a devDependency (the Playwright fixture's @playwright/test is a peer).
  {
    files: ['openapi/src/**', 'sdk/src/**', 'fixtures/src/**', 'mock-server/src/**'],
    rules: {
      'import-x/no-extraneous-dependencies': ['error', { devDependencies: false, peerDependencies: true, includeInternal: true }],
    },
  },
  // Which package may import which (DESIGN.md: dependencies point one way).
  {
    files: ['openapi/**'],
    rules: packageBoundary(['sdk', 'fixtures', 'mock-server', 'app', 'scripts'], 'openapi imports nothing of ours'),
  },
  {
    files: ['sdk/**'],
    rules: packageBoundary(['fixtures', 'mock-server', 'app', 'scripts'], "sdk imports only openapi's generated types"),
  },
  { files: ['fixtures/**'], rules: packageBoundary(['mock-server', 'app', 'scripts', 'openapi'], 'fixtures import only the sdk') },
  // Their tests check every generated record against the contract's schemas (openapi is a devDependency).
  {
    files: ['fixtures/test/**'],
    rules: packageBoundary(['mock-server', 'app', 'scripts'], 'fixtures tests import only the sdk and the contract'),
  },
  { files: ['mock-server/**'], rules: packageBoundary(['app', 'scripts'], 'the mock server never imports the app') },
  // The mock server's layers (docs/decisions/one-core.md): doors -> core -> (control, pages, handlers) -> (http, world, lib).
  // The core depends on nothing that depends on it, and what every door bundles stays free of Node-only modules.
  {
    files: ['mock-server/src/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: REPO_ROOT,
          zones: [
            {
              target: './mock-server/src/core',
              from: ['./mock-server/src/doors', './mock-server/src/server.ts', './mock-server/src/cli.ts'],
              message: 'the core depends on nothing that depends on it: the doors and the server build on it',
            },
            {
              target: [
                './mock-server/src/control',
                './mock-server/src/pages',
                './mock-server/src/handlers',
                './mock-server/src/http',
                './mock-server/src/world',
                './mock-server/src/lib',
                './mock-server/src/auth',
                './mock-server/src/recording',
              ],
              from: ['./mock-server/src/core', './mock-server/src/doors', './mock-server/src/server.ts', './mock-server/src/cli.ts'],
              message: 'below the core: routes, handlers and the world never import the core, a door or the server',
            },
            {
              target: ['./mock-server/src/http', './mock-server/src/world', './mock-server/src/lib', './mock-server/src/auth'],
              from: ['./mock-server/src/control', './mock-server/src/pages', './mock-server/src/handlers'],
              message: 'the world and the HTTP semantics never import a control route, a page or a handler',
            },
            {
              target: './mock-server/src/handlers',
              from: ['./mock-server/src/control', './mock-server/src/pages'],
              message: 'handlers never import the control plane or the pages',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'mock-server/src/core/**',
      'mock-server/src/http/**',
      'mock-server/src/handlers/**',
      'mock-server/src/pages/**',
      'mock-server/src/doors/msw.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'every door bundles this (the browser too): no Node-only module here' }] },
      ],
    },
  },
  // Inside the app: the layers (docs/decisions/app-layers.md) and features that never import each other. Test
  // files keep the layers too; only they may reach the test support (testing/) and the browser mock (mocks/).
  { files: ['app/src/**'], rules: { 'import-x/no-restricted-paths': ['error', { basePath: REPO_ROOT, zones: appZones }] } },
  {
    files: ['app/src/**'],
    ignores: ['app/src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: REPO_ROOT, zones: [...appZones, ...testSupportZones] }] },
  },
  // The app's service worker (public/creator-market-sw.js): a classic worker script outside every tsconfig,
  // linted as plain JavaScript with the service worker's globals.
  {
    files: ['app/public/creator-market-sw.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: globals.serviceworker, parserOptions: { projectService: false, project: null } },
  },
);
