// The folder graph of a source tree from its runtime imports: an edge A -> B when a module in folder A imports
// (or re-exports) at run time a module in folder B. Type-only imports (`import type`, `export type`, and
// `import { type X }` lists naming types alone) are erased by TypeScript, so they do not count. A folder is
// the first path segment below the root (`src/world/orders.ts` is in `world`); files at the root are `.`.
//
//   node scripts/architecture/folder-graph.mjs app/src          prints the edges and any cycle
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Every .ts/.tsx/.js/.mjs file below `dir` (tests and declaration files included unless `skip` says otherwise). */
function sourceFiles(dir, skip) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path, skip));
    else if (/\.(tsx?|m?js)$/.test(name) && !name.endsWith('.d.ts') && !skip(path)) out.push(path);
  }
  return out;
}

/** The module specifiers a file imports at run time. */
export function runtimeImports(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly && ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly && ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteral(first)) specifiers.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The folder below `root` that holds `path` ('.' for a file at the root; a folder's own index is that folder). */
const folderOf = (root, path) => {
  const parts = relative(root, path).split(sep);
  if (parts.length > 1) return parts[0];
  const isFolder = (() => {
    try {
      return statSync(path).isDirectory();
    } catch {
      return false;
    }
  })();
  return isFolder ? parts[0] : '.';
};

/** Edges `from -> to` with the files that make each, for the tree at `root`. */
export function folderGraph(root, { skip = (path) => /\.test\.tsx?$|[\\/]test[\\/]/.test(path) } = {}) {
  const absoluteRoot = resolve(root);
  const edges = new Map();
  for (const file of sourceFiles(absoluteRoot, skip)) {
    const from = folderOf(absoluteRoot, file);
    for (const specifier of runtimeImports(file, readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(absoluteRoot + sep)) continue;
      const to = folderOf(absoluteRoot, target);
      if (to === from) continue;
      const key = `${from} -> ${to}`;
      if (!edges.has(key)) edges.set(key, []);
      edges.get(key).push(relative(absoluteRoot, file));
    }
  }
  return edges;
}

/** Every elementary cycle's folders, as `a -> b -> a` strings (each cycle once). */
export function cyclesOf(edges) {
  const next = new Map();
  for (const key of edges.keys()) {
    const [from, to] = key.split(' -> ');
    if (!next.has(from)) next.set(from, new Set());
    next.get(from).add(to);
  }
  const found = new Set();
  const walk = (start, node, path) => {
    for (const to of next.get(node) ?? []) {
      if (to === start) {
        const cycle = [...path];
        const smallest = cycle.indexOf([...cycle].sort()[0]);
        const rotated = [...cycle.slice(smallest), ...cycle.slice(0, smallest)];
        found.add([...rotated, rotated[0]].join(' -> '));
      } else if (!path.includes(to) && path.length < 8) walk(start, to, [...path, to]);
    }
  };
  for (const start of next.keys()) walk(start, start, [start]);
  return [...found].sort();
}

/**
 * The folders that lie on a cycle, as groups that reach one another (strongly connected components of more
 * than one folder, Tarjan's algorithm): empty exactly when the graph has no cycle of any length, where
 * cyclesOf lists the cycles of up to 8 folders.
 */
export function tangles(edges) {
  const next = new Map();
  for (const key of edges.keys()) {
    const [from, to] = key.split(' -> ');
    if (!next.has(from)) next.set(from, new Set());
    if (!next.has(to)) next.set(to, new Set());
    next.get(from).add(to);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node)) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const root = process.argv[2] ?? '.';
  const edges = folderGraph(root);
  for (const [key, files] of [...edges].sort())
    console.log(`${key}  (${files.length}: ${files.slice(0, 3).join(', ')}${files.length > 3 ? ', ...' : ''})`);
  const cycles = cyclesOf(edges);
  console.log(cycles.length ? `\n${cycles.length} cycle(s):\n${cycles.join('\n')}` : '\nno cycle');
  process.exitCode = cycles.length ? 1 : 0;
}
