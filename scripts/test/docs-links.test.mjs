// README and docs link only inside the repository: every relative link of a Markdown file resolves to a file or
// folder of this checkout (a newcomer who clones only this repository can follow each), and none leaves it.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** README.md and every Markdown file below docs/, the packages' own READMEs and the examples' (mock-server/examples/). */
function markdownFiles() {
  const files = [join(ROOT, 'README.md')];
  for (const name of readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }))
    if (name.endsWith('.md')) files.push(join(ROOT, 'docs', name));
  for (const pkg of ['openapi', 'sdk', 'fixtures', 'mock-server', 'app', 'scripts'])
    if (existsSync(join(ROOT, pkg, 'README.md'))) files.push(join(ROOT, pkg, 'README.md'));
  const examples = join(ROOT, 'mock-server', 'examples');
  for (const name of existsSync(examples) ? readdirSync(examples) : [])
    if (existsSync(join(examples, name, 'README.md'))) files.push(join(examples, name, 'README.md'));
  return files;
}

/** The relative targets of a Markdown text's links (`[text](target)`), without their #fragment. */
export function relativeLinks(text) {
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0]);
}

void test('the link finder sees relative links and leaves out web addresses and fragments', () => {
  assert.deepEqual(relativeLinks('[a](docs/x.md) [b](https://example.com) [c](#top) [d](../y.md#part "t")'), ['docs/x.md', '../y.md']);
});

void test('every relative link of README and docs resolves inside the repository', () => {
  const broken = [];
  let links = 0;
  for (const file of markdownFiles()) {
    for (const target of relativeLinks(readFileSync(file, 'utf8'))) {
      links += 1;
      const resolved = resolve(dirname(file), decodeURIComponent(target));
      const inside = !relative(ROOT, resolved).startsWith('..');
      if (!inside || !existsSync(resolved))
        broken.push(`${relative(ROOT, file)}: ${target}${inside ? ' (missing)' : ' (outside the repository)'}`);
    }
  }
  assert.ok(links > 10, `only ${links} links found: the finder is broken`);
  assert.ok(
    markdownFiles().some((file) => file.endsWith(join('examples', 'qa-suite', 'README.md'))),
    "the outside example's README is checked",
  );
  assert.deepEqual(broken, []);
});
