// @ts-check
// The folder graphs of the app and the mock server have no cycle (docs/decisions/app-layers.md,
// docs/decisions/README.md): an edge A -> B when a module in folder A imports one in folder B at run time
// (scripts/architecture/folder-graph.mjs; type-only imports and tests do not count). A cycle of any length
// fails, with the files that make each of its edges. The check is shown to fail on a planted cycle.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cyclesOf, folderGraph, tangles } from '../architecture/folder-graph.mjs';
import { REPO_ROOT } from '../bench/processes.mjs';

/** Fails when the folder graph of `root` has a cycle, naming the cycles and the files behind their edges. */
function assertAcyclic(/** @type {string} */ root) {
  const edges = folderGraph(root);
  const groups = tangles(edges);
  if (groups.length === 0) return edges;
  const cycles = cyclesOf(edges);
  const inGroup = (/** @type {string} */ key) => groups.some((group) => key.split(' -> ').every((folder) => group.includes(folder)));
  const behind = [...edges]
    .filter(([key]) => inGroup(key))
    .map(([key, files]) => `  ${key}: ${[...new Set(files)].slice(0, 4).join(', ')}${files.length > 4 ? ', ...' : ''}`);
  assert.fail(
    `${root} has folders that import one another: ${groups.map((group) => group.join(', ')).join('; ')}\n` +
      `${cycles.length} cycle(s) of up to 8 folders, e.g.\n  ${cycles.slice(0, 10).join('\n  ')}\n` +
      `the edges among them:\n${behind.join('\n')}\n` +
      'move the shared piece down a layer (docs/decisions/app-layers.md); node scripts/architecture/folder-graph.mjs prints the graph',
  );
}

for (const tree of ['app/src', 'mock-server/src']) {
  void test(`${tree}: the folder graph has no cycle`, () => {
    const edges = assertAcyclic(path.join(REPO_ROOT, tree));
    // Not vacuous: the tree was read and its folders import one another.
    assert.ok(edges.size > 10, `${tree}: only ${edges.size} folder edges`);
  });
}

void test('app/src: the shell is on top and config at the bottom', () => {
  const edges = folderGraph(path.join(REPO_ROOT, 'app/src'));
  const keys = [...edges.keys()];
  assert.ok(keys.includes('shell -> screens'), 'the shell imports the screens');
  assert.deepEqual(
    keys.filter((key) => key.endsWith(' -> shell')),
    [],
    'nothing imports the shell (testing/failingRoutes.tsx stands in for its routes over ui/lazyChunk.tsx)',
  );
  assert.deepEqual(
    keys.filter((key) => key.startsWith('config -> ')),
    [],
    'config/ imports nothing of the app',
  );
});

/** A source tree in a temporary folder: `files` maps a path below src/ to its text. */
function plantTree(/** @type {Record<string, string>} */ files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'folder-graph-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, 'src', file)), { recursive: true });
    writeFileSync(path.join(dir, 'src', file), text);
  }
  return { root: path.join(dir, 'src'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

void test('the check fails on a planted cycle of three folders and names it', () => {
  const planted = plantTree({
    'ui/Button.tsx': "import { track } from '../services/analytics';\nexport const Button = () => track('click');\n",
    'services/analytics.ts': "import { session } from '../stores/session';\nexport const track = (name: string) => [name, session];\n",
    'stores/session.ts': "import { Button } from '../ui/Button';\nexport const session = { Button };\n",
    // Type-only imports, tests and imports within a folder do not count.
    'stores/types.ts': "import type { Button } from '../ui/Button';\nexport type Kit = typeof Button;\n",
    'lib/format.ts': "import { type Kit } from '../stores/types';\nexport const format = (kit: Kit) => String(kit);\n",
    'lib/format.test.ts': "import { Button } from '../ui/Button';\nimport { format } from './format';\nformat(Button);\n",
  });
  try {
    const edges = folderGraph(planted.root);
    assert.deepEqual([...edges.keys()].sort(), ['services -> stores', 'stores -> ui', 'ui -> services']);
    assert.deepEqual(cyclesOf(edges), ['services -> stores -> ui -> services']);
    assert.deepEqual(tangles(edges), [['services', 'stores', 'ui']]);
    assert.throws(() => assertAcyclic(planted.root), /services, stores, ui[\s\S]*ui -> services: ui\/Button\.tsx/);
  } finally {
    planted.remove();
  }
});

void test('a cycle longer than the 8 folders cyclesOf lists still fails', () => {
  const ring = Array.from({ length: 10 }, (_, index) => `f${index}`);
  const edges = new Map(ring.map((folder, index) => [`${folder} -> ${ring[(index + 1) % ring.length]}`, [`${folder}/a.ts`]]));
  assert.deepEqual(cyclesOf(edges), []);
  assert.deepEqual(tangles(edges), [[...ring].sort()]);
});

void test('an acyclic planted tree passes, root files included', () => {
  const planted = plantTree({
    'main.tsx': "import { App } from './shell/App';\nApp();\n",
    'shell/App.tsx': "import { config } from '../config/config';\nexport const App = () => config;\n",
    'config/config.ts': 'export const config = 1;\n',
  });
  try {
    assert.deepEqual([...assertAcyclic(planted.root).keys()].sort(), ['. -> shell', 'shell -> config']);
  } finally {
    planted.remove();
  }
});
