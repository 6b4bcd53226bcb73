// @ts-check
// SLOW (one TypeScript program over a screen and what it imports, twice, checking the screen's files): a planted removal of
// a response field the Market screen reads (Market.desc), with the sdk's types regenerated from the planted
// bundle as `pnpm gen` makes them (sdk/scripts/gen.mjs's generateTypes), makes the app's type check fail in
// that screen. Nothing is written: the regenerated sdk/src/generated/api.ts is handed to the compiler in
// memory, in place of the file.
//   node --test scripts/contract-diff/slow-typecheck-after-removal.test.mjs
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { generateTypes } from '@creator-market/sdk/scripts/gen';
import { PLANTS } from '../test/support/plants.mjs';
import { REPO_ROOT } from './run.mjs';

const SCREEN = 'Market';
const GENERATED = join(REPO_ROOT, 'sdk', 'src', 'generated', 'api.ts');

/**
 * The type errors of the screen's files (and what they import) with `generated` as the sdk's api.ts, each as
 * `file:line: message`.
 * @param {string} generated
 */
function screenErrors(generated) {
  const appDir = join(REPO_ROOT, 'app');
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(join(appDir, 'tsconfig.json'), (file) => ts.sys.readFile(file)).config,
    ts.sys,
    appDir,
  );
  const screenDir = join(appDir, 'src', 'screens', SCREEN);
  const roots = readdirSync(screenDir)
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\./.test(name))
    .map((name) => join(screenDir, name));
  const options = { ...config.options, noEmit: true };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError, shouldCreate) =>
    fileName === GENERATED ? ts.createSourceFile(fileName, generated, language) : getSourceFile(fileName, language, onError, shouldCreate);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => (fileName === GENERATED ? generated : readFile(fileName));
  const program = ts.createProgram({ rootNames: roots, options, host });
  // Only the screen's own files are checked (what they import is bound, not checked): the screen's errors
  // are all this test reads, and checking the whole program's files cost ~4x the CPU.
  return program
    .getSourceFiles()
    .filter((file) => file.fileName.startsWith(screenDir))
    .flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)])
    .map((d) => {
      const { line } = /** @type {ts.SourceFile} */ (d.file).getLineAndCharacterOfPosition(d.start ?? 0);
      return `${relative(REPO_ROOT, /** @type {ts.SourceFile} */ (d.file).fileName)}:${line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
}

void test(
  `slow: removing Market.desc from the contract and regenerating the sdk fails the type check of the ${SCREEN} screen`,
  { timeout: 180_000 },
  async () => {
    const text = readFileSync(join(REPO_ROOT, 'openapi', 'bundled', 'product.json'), 'utf8');
    const product = JSON.parse(text);
    PLANTS[0].plant(product);
    const [before, after] = await Promise.all([
      generateTypes(text, 'product.json'),
      generateTypes(JSON.stringify(product), 'product.json'),
    ]);
    assert.notEqual(before, after);
    const baseline = new Set(screenErrors(before));
    const introduced = screenErrors(after).filter((error) => !baseline.has(error));
    assert.ok(
      introduced.some((error) => error.startsWith(`app/src/screens/${SCREEN}/index.tsx:`) && /'desc'/.test(error)),
      `no type error about 'desc' in the ${SCREEN} screen; new errors:\n${introduced.join('\n')}`,
    );
    console.log(`new type errors after the plant:\n${introduced.join('\n')}`);
  },
);
