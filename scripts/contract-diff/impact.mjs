// @ts-check
// What a contract change touches in this repository, read with the TypeScript compiler API (never a regex
// over the text):
//   - the app's screens: each folder app/src/screens/<Screen>/ and every module of app/src it imports,
//     statically or lazily; in them, each call of the sdk's clients (`api.get('/cart/v2/get')`,
//     `api.raw.POST(...)`, `ads.requestAd(...)`), found by the type checker: the callee's object must be one of
//     the sdk's client types, and the path is the first argument's string literal type (a variable holding the
//     path counts too);
//   - the sdk: each top-level declaration of sdk/src (not generated, not tests) that calls a client with an
//     operation's path, names an operation (`operations['requestAd']`, `paths['/request']`) or a schema of the
//     contract (`Schemas['Receipt']`, `components['schemas']['Receipt']`);
//   - the mock server: each handler of mock-server/src/handlers/<tag>.ts, keyed by operationId.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * @typedef {{operationId: string, method: string, path: string}} OperationRef
 * @typedef {{operations: Record<string, string[]>}} ScreenEntry   operationId -> where (file:line)
 */

const isTest = (/** @type {string} */ file) => /\.(test|spec)\.[cm]?[jt]sx?$|\/(test|testing|mocks)\//.test(file);
const isSource = (/** @type {string} */ file) => /\.[cm]?[jt]sx?$/.test(file) && !file.endsWith('.d.ts');

/** Every source file under `dir` (recursively). */
function walk(dir) {
  /** @type {string[]} */
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...walk(full));
    else if (isSource(full)) files.push(full);
  }
  return files;
}

/**
 * The operations of the contract by method and path template, and a matcher for a concrete or template path.
 * @param {Array<{document: any, prefix: string}>} documents
 */
export function operationIndex(documents) {
  /** @type {Map<string, string>} `get /cart/v2/get` -> operationId */
  const byRoute = new Map();
  for (const { document } of documents)
    for (const [path, item] of Object.entries(document.paths ?? {}))
      for (const [method, operation] of Object.entries(item ?? {}))
        if (operation && typeof operation === 'object' && 'operationId' in operation)
          byRoute.set(`${method} ${path}`, /** @type {any} */ (operation).operationId);
  return {
    byRoute,
    /** @param {string} method @param {string} path */
    find: (method, path) => byRoute.get(`${method.toLowerCase()} ${path}`),
  };
}

/** Names of the sdk's client types whose methods call an operation by path (first argument). */
const CLIENT_TYPES = new Set(['ApiClient', 'Client', 'PayloadMethod', 'AdClient', 'ClientMethod']);
const PATH_METHODS = { get: 'get', post: 'post', GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete', PATCH: 'patch' };

/**
 * The operation a call expression makes through one of the sdk's clients, or undefined.
 * @param {ts.CallExpression} call
 * @param {ts.TypeChecker} checker
 * @param {ReturnType<typeof operationIndex>} index
 */
function operationOfCall(call, checker, index) {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee)) return undefined;
  const name = callee.name.text;
  const owner = checker.getTypeAtLocation(callee.expression);
  const ownerName = (owner.aliasSymbol ?? owner.getSymbol())?.getName() ?? '';
  const declaredInSdk = [owner.aliasSymbol, owner.getSymbol()].some((symbol) =>
    symbol?.getDeclarations()?.some((d) => /[/\\]sdk[/\\]|openapi-fetch/.test(d.getSourceFile().fileName)),
  );
  if (!declaredInSdk || !CLIENT_TYPES.has(ownerName)) return undefined;
  if (name === 'requestAd') return 'requestAd';
  const method = PATH_METHODS[name];
  const [first] = call.arguments;
  if (!method || !first) return undefined;
  const type = checker.getTypeAtLocation(first);
  const path = type.isStringLiteral() ? type.value : ts.isStringLiteralLike(first) ? first.text : undefined;
  return path === undefined ? undefined : index.find(method, path);
}

/** The files a source file imports (static, export-from, import()), resolved, within `root`. */
function importsOf(sourceFile, options, root) {
  /** @type {string[]} */
  const specifiers = [];
  const visit = (/** @type {ts.Node} */ node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      specifiers.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      specifiers.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return specifiers
    .map((specifier) => ts.resolveModuleName(specifier, sourceFile.fileName, options, ts.sys).resolvedModule?.resolvedFileName)
    .filter((file) => file && file.startsWith(root) && !file.includes('node_modules') && isSource(file));
}

/**
 * Which operations each screen of the app calls (through the modules it imports), with where.
 * @param {{repoRoot: string, documents: Array<{document: any, prefix: string}>}} options
 * @returns {Record<string, ScreenEntry>}
 */
export function screenOperations({ repoRoot, documents }) {
  const key = `${repoRoot}\u0000${[...operationIndex(documents).byRoute].join('\u0000')}`;
  const known = screenCache.get(key);
  if (known) return known;
  const result = readScreens({ repoRoot, documents });
  screenCache.set(key, result);
  return result;
}
/** The screen maps made in this process (a map takes seconds: one TypeScript program with its checker). */
const screenCache = new Map();

/** @param {{repoRoot: string, documents: Array<{document: any, prefix: string}>}} options @returns {Record<string, ScreenEntry>} */
function readScreens({ repoRoot, documents }) {
  const appDir = join(repoRoot, 'app');
  const srcDir = join(appDir, 'src');
  const configFile = ts.readConfigFile(join(appDir, 'tsconfig.json'), (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, appDir);
  const screensDir = join(srcDir, 'screens');
  const screens = readdirSync(screensDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const entries = Object.fromEntries(screens.map((screen) => [screen, walk(join(screensDir, screen)).filter((f) => !isTest(f))]));
  // The program holds the screens' files; the checker reads the rest (the sdk's types) as it needs them.
  const program = ts.createProgram({ rootNames: Object.values(entries).flat(), options: { ...parsed.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const index = operationIndex(documents);
  /** @type {Map<string, Array<{operationId: string, where: string}>>} */
  const callsByFile = new Map();
  const callsIn = (/** @type {string} */ file) => {
    const known = callsByFile.get(file);
    if (known) return known;
    /** @type {Array<{operationId: string, where: string}>} */
    const calls = [];
    const sourceFile = program.getSourceFile(file);
    if (sourceFile) {
      const visit = (/** @type {ts.Node} */ node) => {
        if (ts.isCallExpression(node)) {
          const operationId = operationOfCall(node, checker, index);
          if (operationId) {
            const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
            calls.push({ operationId, where: `${relative(repoRoot, file)}:${line + 1}` });
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(sourceFile);
    }
    callsByFile.set(file, calls);
    return calls;
  };
  /** @type {Record<string, ScreenEntry>} */
  const result = {};
  for (const screen of screens) {
    const seen = new Set();
    const queue = [...entries[screen]];
    while (queue.length) {
      const file = /** @type {string} */ (queue.pop());
      if (seen.has(file) || isTest(file)) continue;
      seen.add(file);
      const sourceFile = program.getSourceFile(file);
      if (sourceFile) queue.push(...importsOf(sourceFile, parsed.options, srcDir));
    }
    /** @type {Record<string, string[]>} */
    const operations = {};
    for (const file of [...seen].sort()) for (const { operationId, where } of callsIn(file)) (operations[operationId] ??= []).push(where);
    result[screen] = { operations: Object.fromEntries(Object.entries(operations).sort(([a], [b]) => a.localeCompare(b))) };
  }
  return result;
}

/** The name of a top-level declaration (function, class, const, type, interface), or undefined. */
function declarationName(/** @type {ts.Statement} */ statement) {
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) return statement.name.text;
  if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement))
    return statement.name.text;
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations
      .map((d) => (ts.isIdentifier(d.name) ? d.name.text : ''))
      .filter(Boolean)
      .join(', ');
  return undefined;
}

/** The text of a string literal (or a literal type's), or undefined. */
function literal(/** @type {ts.Node | undefined} */ node) {
  if (!node) return undefined;
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal)) return node.literal.text;
  return undefined;
}

/**
 * What each top-level declaration of the sdk names: operations (by a client call's path, `operations[...]`,
 * `paths[...]`), component schemas (`Schemas['X']`, `components['schemas']['X']`) and lists of strings (an
 * enum of the contract the sdk keeps too, such as its error codes), by `file#name`.
 * @param {{repoRoot: string, documents: Array<{document: any, prefix: string}>}} options
 */
export function sdkReferences({ repoRoot, documents }) {
  const srcDir = join(repoRoot, 'sdk', 'src');
  const index = operationIndex(documents);
  const paths = new Map([...index.byRoute].map(([route, operationId]) => [route.slice(route.indexOf(' ') + 1), operationId]));
  const operationIds = new Set(index.byRoute.values());
  /** @type {Record<string, {operations: string[], schemas: string[], enums: string[][]}>} */
  const result = {};
  for (const file of walk(srcDir).filter((f) => !isTest(f) && !/[/\\](generated|control)[/\\]/.test(f))) {
    const sourceFile = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, true);
    for (const statement of sourceFile.statements) {
      const name = declarationName(statement);
      if (!name) continue;
      const operations = new Set();
      const schemas = new Set();
      /** @type {string[][]} lists of three or more strings (an array literal, a union of literal types) */
      const enums = [];
      const visit = (/** @type {ts.Node} */ node) => {
        const members = ts.isArrayLiteralExpression(node) ? node.elements : ts.isUnionTypeNode(node) ? node.types : undefined;
        const strings = members?.map((member) => literal(member)).filter((text) => text !== undefined) ?? [];
        if (strings.length >= 3) enums.push(strings);
        // `x.GET('/request', ...)`, `api.get('/user/me')`
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text in PATH_METHODS) {
          const text = literal(node.arguments[0]);
          const operationId = text && index.find(PATH_METHODS[node.expression.name.text], text);
          if (operationId) operations.add(operationId);
        }
        // `operations['requestAd']`, `paths['/request']`, `Schemas['Receipt']`, `components['schemas']['Receipt']`
        const access = ts.isIndexedAccessTypeNode(node)
          ? { object: node.objectType.getText(sourceFile), key: literal(node.indexType) }
          : ts.isElementAccessExpression(node)
            ? { object: node.expression.getText(sourceFile), key: literal(node.argumentExpression) }
            : undefined;
        if (access?.key) {
          if (/(^|\.)operations$/.test(access.object) && operationIds.has(access.key)) operations.add(access.key);
          else if (/(^|\.)paths$/.test(access.object) && paths.has(access.key)) operations.add(paths.get(access.key));
          else if (/(^|\.)Schemas$|components\[['"]schemas['"]\]$/.test(access.object)) schemas.add(access.key);
        }
        ts.forEachChild(node, visit);
      };
      visit(statement);
      if (operations.size || schemas.size || enums.length)
        result[`${relative(repoRoot, file)}#${name}`] = { operations: [...operations].sort(), schemas: [...schemas].sort(), enums };
    }
  }
  return result;
}

/**
 * The mock server's handler of each operation: `mock-server/src/handlers/cart.ts#addToCart`, from the object
 * literals of each handlers module whose keys are operationIds.
 * @param {{repoRoot: string, operationIds: Set<string>}} options
 * @returns {Record<string, string>}
 */
export function mockHandlers({ repoRoot, operationIds }) {
  const dir = join(repoRoot, 'mock-server', 'src', 'handlers');
  /** @type {Record<string, string>} */
  const result = {};
  if (!existsSync(dir)) return result;
  for (const file of walk(dir).filter((f) => !isTest(f))) {
    const sourceFile = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, true);
    const visit = (/** @type {ts.Node} */ node) => {
      if (ts.isObjectLiteralExpression(node))
        for (const property of node.properties) {
          const key =
            property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;
          if (key && operationIds.has(key) && (ts.isMethodDeclaration(property) || ts.isPropertyAssignment(property)))
            result[key] ??= `${relative(repoRoot, file)}#${key}`;
        }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return result;
}
