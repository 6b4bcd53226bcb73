// @ts-check
// The architecture rules of eslint.config.js fire (docs/decisions/app-layers.md): planted files, linted with
// the real config through ESLint's Node API, break the app's layer zones, the test-support zones and the
// declared dependencies, and each is reported with its rule; the same files without the break are not. So a
// zone that stops matching (a renamed folder, a moved config block) fails here instead of passing quietly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';
import { REPO_ROOT } from '../bench/processes.mjs';

// The real config, checking only the import rules: they need no type information, so the planted files are
// parsed without the TypeScript project (seconds instead of a program of the whole app).
const eslint = new ESLint({
  cwd: REPO_ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths' || ruleId === 'import-x/no-extraneous-dependencies',
});

/** The `rule: message` of each problem ESLint reports in `code`, linted as the file at `file`. */
async function problems(/** @type {string} */ file, /** @type {string} */ code) {
  const [result] = await eslint.lintText(code, { filePath: `${REPO_ROOT}${file}` });
  assert.ok(result, `ESLint linted ${file}`);
  assert.deepEqual(
    result.messages.filter((message) => message.fatal),
    [],
    `${file} parses`,
  );
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

void test('the UI kit importing a screen breaks its layer zone', async () => {
  const planted = await problems('app/src/ui/PlantedZone.tsx', "import Home from '../screens/Home';\nexport const Planted = Home;\n");
  assert.equal(planted.length, 1, planted.join('\n'));
  assert.match(planted[0] ?? '', /^import-x\/no-restricted-paths: .*ui\/ is below .*screens/);

  const below = await problems(
    'app/src/ui/PlantedZone.tsx',
    "import { API_BASE } from '../config/config';\nexport const Planted = API_BASE;\n",
  );
  assert.deepEqual(below, [], 'ui/ may import config/, a layer below it');
});

void test('product code importing the test helpers breaks the test-support zone; a test may', async () => {
  const harness = "import { renderAt } from '../../testing/appHarness';\nexport const planted = renderAt;\n";
  const planted = await problems('app/src/components/price/planted.ts', harness);
  assert.equal(planted.length, 1, planted.join('\n'));
  assert.match(planted[0] ?? '', /^import-x\/no-restricted-paths: .*only tests import the test helpers \(testing\/\)/);

  assert.deepEqual(await problems('app/src/components/price/planted.test.ts', harness), [], 'a test file imports testing/');
});

void test('an import of a package its package.json does not declare is reported, a devDependency in product code too', async () => {
  // prettier is the root's devDependency only: it resolves from app/ by hoisting, undeclared there.
  const undeclared = await problems('app/src/lib/planted.ts', "import prettier from 'prettier';\nexport const planted = prettier;\n");
  assert.equal(undeclared.length, 1, undeclared.join('\n'));
  assert.match(undeclared[0] ?? '', /^import-x\/no-extraneous-dependencies: 'prettier' should be listed in the project's dependencies/);

  // vitest is the sdk's devDependency: its tests may import it, its product code may not.
  const vitest = "import { expect } from 'vitest';\nexport const planted = expect;\n";
  const product = await problems('sdk/src/planted.ts', vitest);
  assert.equal(product.length, 1, product.join('\n'));
  assert.match(
    product[0] ?? '',
    /^import-x\/no-extraneous-dependencies: 'vitest' should be listed in the project's dependencies, not devDependencies/,
  );
  assert.deepEqual(await problems('sdk/test/planted.test.ts', vitest), [], 'an sdk test imports vitest');
});
