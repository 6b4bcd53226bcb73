/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import {
  defineConfig,
  loadEnv,
  minifySync,
  runnerImport,
  type IndexHtmlTransformContext,
  type IndexHtmlTransformResult,
  type Plugin,
} from 'vite';
import { DETAIL_LEAD_IMAGE, earlyRequestsScript, FIRST_SCREEN_REQUESTS, patternRegex } from './src/api/earlyRequests';
import { SCREEN_MODULES } from './src/shell/screenModules';

type Routing = typeof import('@creator-market/sdk/domain/routing');

/** The mock server's default address (DESIGN.md: `pnpm mock` listens on 127.0.0.1:4010). */
const DEFAULT_API_BASE = 'http://127.0.0.1:4010';
/**
 * The build's base (vite's `base`, `--base`): '/' but in `pnpm build:static`, whose './' serves the app from
 * any folder (the plugins below write paths into index.html with it). Set when the config is resolved.
 */
let buildBase = '/';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each CSS module's class map (local name to scoped name), as the CSS compiler reports it. */
const cssModuleClassMaps = new Map<string, Record<string, string>>();

/**
 * A CSS module becomes its class map alone in the build (`export default {page: '_page_n49xb_1', ...}`), where
 * Vite writes a named export per class as well: every import in the app is the default one (`import styles from
 * './X.module.css'`), and the named exports cost each module a variable per class in the bundle (the lazy
 * initialisers of inlined common chunks hoist them into `var` lists; docs/decisions/home-js-start-chunk.md,
 * 0.6 KB of the home start path). The dev server keeps Vite's module, with its hot updates.
 */
function cssClassMapsOnly(): Plugin {
  return {
    name: 'creator-market:css-class-maps-only',
    apply: 'build',
    enforce: 'post',
    transform: {
      filter: { id: /\.module\.css(\?|$)/ },
      handler(_code, id) {
        const classes = cssModuleClassMaps.get(id.split('?')[0] ?? id);
        if (!classes) throw new Error(`no class map for the CSS module ${id} (cssClassMapsOnly)`);
        return { code: `export default ${JSON.stringify(classes)};`, map: { mappings: '' } };
      },
    },
  };
}

function rememberBase(): Plugin {
  return {
    name: 'creator-market:base',
    configResolved(config) {
      buildBase = config.base;
    },
  };
}

/** The desktop native-shell simulator's own modules (a second page, simulator.html). */
const SIMULATOR_MODULE = /[\\/]src[\\/]simulator[\\/]/;

/**
 * The API client: src/api/client.ts, the sdk's product client (its transport, error types and codes) and
 * openapi-fetch. Not start code (the home's first view shows without it: src/api/loadClient.ts), and one chunk
 * instead of three (they are shared with the ad client and the error presenter in different ways), so a
 * screen that needs it at once loads one more file, not three (docs/decisions/home-js-start-chunk.md).
 */
const API_CLIENT_MODULE =
  /[\\/]openapi-fetch[\\/]|[\\/]sdk[\\/]src[\\/]client[\\/](api-client|transport|errors)\.ts$|[\\/]sdk[\\/]src[\\/]domain[\\/]error-codes\.ts$|[\\/]src[\\/]api[\\/]client\.ts$/;

/**
 * Writes the entry's stylesheets (global styles and the app shell's components, a few KB gzipped) into
 * index.html instead of linking them: a linked stylesheet blocks the first paint until it has come over the
 * network, so on a first visit over a mobile link the boot splash waited a round trip for CSS it does not
 * even use. A disabled link with the same href stays beside the copy (a disabled stylesheet is neither
 * fetched nor applied): Vite's loader looks for that link before it adds a lazy chunk's stylesheets, and
 * would otherwise load the file again and apply its rules a second time, after the screen's own.
 */
function inlineEntryStylesheets(): Plugin {
  return {
    name: 'creator-market:inline-entry-stylesheets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const linked = new RegExp(`<link rel="stylesheet"(?: crossorigin)? href="${escapeRegExp(buildBase)}([^"]+\\.css)">`, 'g');
        return html.replace(linked, (link, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return link;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          // An HTML parser would end the element at '</style'; a relative url() would resolve against the
          // page instead of assets/. Such a file stays linked.
          if (/<\/style/i.test(css) || /url\(\s*['"]?(?![a-z]+:|\/)/i.test(css)) return link;
          return `<style>${css}</style><link rel="stylesheet" href="${buildBase}${fileName}" disabled>`;
        });
      },
    },
  };
}

/**
 * A build plugin that rewrites the built index.html (not the simulator's page) once the bundle is written,
 * with the bundle's chunks at hand.
 */
function indexHtmlPlugin(
  name: string,
  transform: (
    html: string,
    bundle: NonNullable<IndexHtmlTransformContext['bundle']>,
  ) => IndexHtmlTransformResult | Promise<IndexHtmlTransformResult>,
): Plugin {
  return {
    name,
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle || !context.filename.endsWith('index.html')) return html;
        return transform(html, bundle);
      },
    },
  };
}

/**
 * Writes two of the page's requests into index.html itself, so that on a first visit over a mobile link
 * nothing but the start scripts and the first screen's chunk, data and lead image shares the link while they
 * load (Lighthouse budget, docs/decisions/fewer-first-requests.md):
 *   - the entry chunk, a few hundred bytes that import the start chunk and call it (the start chunk holds
 *     every initial module: see the codeSplitting group below), as an inline module script with its imports
 *     made root-relative (an inline script resolves them against the page's own path);
 *   - the favicon (public/favicon.svg, which the simulator's page and the dev server still link), as a data URL.
 * `data-entry` keeps the inlined chunk's name: the home JS budget (scripts/budgets/home-js.mjs) counts it.
 */
function inlineEntryAndFavicon(): Plugin {
  /** The largest entry chunk written inline: a facade of imports, never application code. */
  const MAX_INLINE_ENTRY_BYTES = 2000;
  return indexHtmlPlugin('creator-market:inline-entry-and-favicon', (html, bundle) => {
    const favicon = readFileSync(fileURLToPath(new URL('./public/favicon.svg', import.meta.url)), 'utf8').trim();
    const withFavicon = html.replace(`href="${buildBase}favicon.svg"`, () => `href="data:image/svg+xml,${encodeURIComponent(favicon)}"`);
    if (withFavicon === html) throw new Error('index.html no longer links /favicon.svg (inlineEntryAndFavicon)');
    let inlined = false;
    const entryScript = new RegExp(`<script type="module" crossorigin src="${escapeRegExp(buildBase)}([^"]+\\.js)"><\\/script>`);
    const result = withFavicon.replace(entryScript, (tag, fileName: string) => {
      const chunk = bundle[fileName];
      if (chunk?.type !== 'chunk' || !chunk.isEntry) return tag;
      if (chunk.code.length > MAX_INLINE_ENTRY_BYTES)
        throw new Error(`the entry chunk ${fileName} is ${chunk.code.length} bytes, more than a facade (inlineEntryAndFavicon)`);
      inlined = true;
      // Its imports are its siblings ('./start-….js' beside 'assets/main-….js'); with the base './' they
      // resolve against the page, which is the app's folder (or has a <base> naming it: creator-market-sw.js).
      const folder = `${buildBase}${fileName.slice(0, fileName.lastIndexOf('/') + 1)}`;
      const code = chunk.code.replace(/((?:\bfrom|\bimport)\s*["'])\.\//g, `$1${folder}`);
      const left = buildBase === '/' ? code : code.split(`"${folder}`).join('"').split(`'${folder}`).join("'");
      if (/["']\.\.?\//.test(left) || /<\/script/i.test(code)) throw new Error(`the entry chunk ${fileName} cannot be written inline`);
      return `<script type="module" data-entry="${buildBase}${fileName}">${code}</script>`;
    });
    if (!inlined) throw new Error('index.html has no entry module script to write inline (inlineEntryAndFavicon)');
    return result;
  });
}

/**
 * The sdk's route table. Vite bundles this config file but leaves package imports to Node, which cannot load
 * the sdk's TypeScript sources, so the build loads it through Vite's own module runner (only when it writes
 * index.html: dev servers and vitest never pay its ~0.3 s).
 */
async function sdkRouting(): Promise<Routing> {
  const { module } = await runnerImport<Routing>('@creator-market/sdk/domain/routing', { configFile: false, logLevel: 'silent' });
  return module;
}

/**
 * Writes index.html's early script (src/api/earlyRequests.ts): while the page is parsed it asks for the
 * chunk and stylesheets of the route's screen, and on the home path for the first screen's two lists and
 * its leading banner image. On a slow link the largest paint otherwise waited for the start scripts, then
 * the screen's chunk, then its data, one after another (Lighthouse budget, scripts/budgets/lighthouse.mjs).
 */
function earlyRequests(apiBase: string | null): Plugin {
  return indexHtmlPlugin('creator-market:early-requests', async (html, bundle) => {
    // A relative base (the static build) does not know its folder before the page runs, and its in-page
    // mock answers only once the app has started: no early script.
    if (!buildBase.startsWith('/')) return html;
    const { patternParams, ROUTES } = await sdkRouting();
    const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    /** A chunk and what it imports statically, less what `loaded` already holds. */
    const closure = (chunk: (typeof chunks)[number], loaded: Set<string>, into = new Set<string>()): Set<string> => {
      if (loaded.has(chunk.fileName) || into.has(chunk.fileName)) return into;
      into.add(chunk.fileName);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) closure(imported, loaded, into);
      }
      return into;
    };
    const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html'));
    if (!entry) throw new Error('the build has no index.html entry chunk');
    const startFiles = closure(entry, new Set());
    /** The chunk whose facade is the module `path` (below src/). */
    const chunkOf = (path: string) => {
      const id = fileURLToPath(new URL(`./src/${path}`, import.meta.url));
      return chunks.find((output) => output.facadeModuleId === id);
    };
    const screenImports = chunkOf('shell/screenImports.ts');
    if (!screenImports) throw new Error("no chunk for the other screens' imports (src/shell/screenImports.ts)");
    // The API client, a chunk of its own: the home shows its first view from the early answers without it.
    const apiClient = chunkOf('api/client.ts');
    if (!apiClient) throw new Error('no chunk for the API client (src/api/client.ts, loaded lazily by src/api/loadClient.ts)');
    const screens = ROUTES.flatMap((route) => {
      if (route.path === null) return [];
      // The route's screen module (the route table of module ids, src/shell/screenModules.ts).
      const chunk = chunkOf(SCREEN_MODULES[route.name]);
      if (!chunk)
        throw new Error(`no screen chunk for the route ${route.name}: ${SCREEN_MODULES[route.name]} (src/shell/screenModules.ts)`);
      // Every screen but home's is imported through the other screens' imports (src/shell/routes.tsx).
      const imports = route.name === 'home' ? [] : [...closure(screenImports, startFiles)];
      const files = [...new Set([...imports, ...closure(chunk, startFiles)])];
      const css = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
      return [
        {
          pattern: patternRegex(route.path),
          scripts: files.map((file) => `/${file}`),
          stylesheets: [...new Set(css)].map((file) => `/${file}`),
          requiresAuth: route.meta.requiresAuth,
          params: patternParams(route.path),
          requests: FIRST_SCREEN_REQUESTS[route.name] ?? [],
          home: route.name === 'home',
          detailLead: DETAIL_LEAD_IMAGE[route.name] ?? null,
        },
      ];
    });
    // Minified: it travels in the page itself, before anything else (6.7 -> 5.0 KB, 2.4 -> 1.9 KB gzipped).
    const minified = minifySync(
      'early-requests.js',
      earlyRequestsScript({ screens, apiClient: [...closure(apiClient, startFiles)].map((file) => `/${file}`), apiBase }),
    );
    if (minified.errors.length > 0) throw new Error(`the early requests script does not minify: ${minified.errors[0]?.message}`);
    return { html, tags: [{ tag: 'script', children: minified.code, injectTo: 'head' }] };
  });
}

/** rollup-plugin-visualizer's treemap (size-why.html) and its raw data (size-why.json), gzip sizes per module. */
function sizeWhy(dir: string): Plugin[] {
  return (['treemap', 'raw-data'] as const).map(
    (template) =>
      visualizer({
        template,
        filename: `${dir}/size-why.${template === 'treemap' ? 'html' : 'json'}`,
        gzipSize: true,
        sourcemap: true,
        title: 'creator-market app: size why',
      }) as Plugin,
  );
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  return {
    plugins: [
      rememberBase(),
      cssClassMapsOnly(),
      react(),
      inlineEntryStylesheets(),
      inlineEntryAndFavicon(),
      // The in-browser mock (VITE_MOCK_IN_BROWSER=1) answers only once the app has started its worker.
      earlyRequests(env.VITE_MOCK_IN_BROWSER === '1' ? null : env.VITE_API_BASE || DEFAULT_API_BASE),
      // `pnpm size:why` (scripts/budgets/size-why.mjs): which modules the bytes of each chunk come from, as a
      // treemap to look at and as data the script ranks the home start path's modules from.
      ...(process.env.SIZE_WHY_DIR ? sizeWhy(process.env.SIZE_WHY_DIR) : []),
    ],
    css: { modules: { getJSON: (file, classes) => void cssModuleClassMaps.set(file, classes) } },
    resolve: {
      alias: [
        {
          find: /^use-sync-external-store\/shim(\/index\.js)?$/,
          replacement: fileURLToPath(new URL('./src/lib/useSyncExternalStore.ts', import.meta.url)),
        },
        // wouter's default pattern parser: the app's own (src/shell/routeParser.ts) is the one every route uses.
        { find: /^regexparam$/, replacement: fileURLToPath(new URL('./src/shell/routeParser.ts', import.meta.url)) },
      ],
    },
    // Always a string in the bundle, so code never has to repeat the fallback.
    define: {
      'import.meta.env.VITE_API_BASE': JSON.stringify(env.VITE_API_BASE || DEFAULT_API_BASE),
    },
    server: { port: 5173, strictPort: true },
    preview: { port: 4173, strictPort: true },
    build: {
      target: 'es2022',
      cssCodeSplit: true,
      // dist/.vite/manifest.json: the chunk graph the JS budget (scripts/budgets/home-js.mjs) reads.
      manifest: true,
      rolldownOptions: {
        // Small modules shared by several screens are copied into the chunks that use them (one shared
        // runtime keeps a single instance of each) instead of becoming dozens of tiny common chunks: a screen
        // then loads in one or two files rather than 15 to 45, and on a mobile link every file costs a round
        // trip (Lighthouse budget, scripts/budgets/lighthouse.mjs). This requires not keeping entry exports,
        // which an app has no use for.
        preserveEntrySignatures: false,
        output: {
          codeSplitting: {
            experimentalInlineCommonChunks: { maxSize: 20_000 },
            // Everything the app's page loads before its first screen (React, react-dom, the router, stores,
            // api client) is one file instead of four to six: gzip then compresses it as a whole, about 2 KB
            // less than the parts on their own (home route JS budget, docs/decisions/home-js-start-chunk.md).
            // The simulator's own modules and its page are left out (it loads this chunk for React, and imports
            // its own modules lazily so that they are not start code: src/simulator/main.tsx; modules in the
            // chunk run only when imported, so the app does not start there).
            groups: [
              { name: 'start', tags: ['$initial'], test: (id) => !id.endsWith('.html') && !SIMULATOR_MODULE.test(id) },
              // Without their dependencies: those the home's first view shares with the client (the clock, the
              // early answers) would come into this chunk, and the Home chunk would then import it.
              { name: 'api-client', test: API_CLIENT_MODULE, includeDependenciesRecursively: false },
            ],
          },
        },
        // The desktop native-shell simulator (src/simulator) is a second page next to the app.
        input: {
          main: fileURLToPath(new URL('./index.html', import.meta.url)),
          simulator: fileURLToPath(new URL('./simulator.html', import.meta.url)),
        },
      },
    },
    test: {
      environment: 'jsdom',
      // The sdk's setup fixes fast-check's seed (FC_SEED explores others), as in every package's tests.
      setupFiles: ['../sdk/test/support/setup.ts', './src/testing/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      restoreMocks: true,
      // One jsdom window per worker instead of per file; src/testing/setup.ts gives each file fresh app modules
      // and browser state (docs/decisions/ci-time.md).
      isolate: false,
      // Every core (vitest's default leaves one free: a single worker on a 2-core CI machine).
      maxWorkers: availableParallelism(),
      // Several Testing Library waits of up to 20 s each (src/testing/setup.ts) on a loaded 2-core machine.
      testTimeout: 120_000,
    },
  };
});
