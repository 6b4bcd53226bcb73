import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleDocument, formatBundle } from '../scripts/bundle.mjs';
import { validateDocument } from '../scripts/validate.mjs';

const shopRoot = join(import.meta.dirname, 'fixtures/shop/openapi.yaml');
const shopBundlePath = join(import.meta.dirname, 'fixtures/shop.bundled.json');

/** The object at `path` inside parsed JSON; fails the test when a step is not an object. */
function at(json: unknown, ...path: string[]): Record<string, unknown> {
  let node = json;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) throw new Error(`no object on the way to ${path.join(' > ')}`);
    node = (node as Record<string, unknown>)[key];
  }
  if (typeof node !== 'object' || node === null) throw new Error(`no object at ${path.join(' > ')}`);
  return node as Record<string, unknown>;
}

describe('bundle (shop fixture)', () => {
  it('produces the committed golden bundle, byte for byte, every time', async () => {
    const [first, second] = await Promise.all([bundleDocument(shopRoot), bundleDocument(shopRoot)]);
    expect(first).toBe(second);
    expect(first).toBe(await readFile(shopBundlePath, 'utf8'));
  });

  it('turns file refs into internal component refs and keeps the split structure out', async () => {
    const text = await bundleDocument(shopRoot);
    expect(text).not.toMatch(/\.yaml/);
    const document: unknown = JSON.parse(text);
    expect(Object.keys(at(document, 'components', 'schemas'))).toEqual(['ErrorBody', 'Item', 'OrderRequest']);
    const responses = at(document, 'paths', '/item/list', 'get', 'responses');
    expect(at(responses, '200', 'content', 'application/json', 'schema', 'properties', 'data', 'items')).toEqual({
      $ref: '#/components/schemas/Item',
    });
    expect(responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
  });

  it('fails with the reason when a referenced file is missing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shop-broken-'));
    try {
      await cp(join(import.meta.dirname, 'fixtures/shop'), dir, { recursive: true });
      await rm(join(dir, 'schemas/Item.yaml'));
      await expect(bundleDocument(join(dir, 'openapi.yaml'))).rejects.toThrow(/Item\.yaml/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails when two different schemas would get one component name', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shop-conflict-'));
    try {
      await cp(join(import.meta.dirname, 'fixtures/shop'), dir, { recursive: true });
      await mkdir(join(dir, 'other'));
      await writeFile(join(dir, 'other/Item.yaml'), 'title: Item\ntype: object\nproperties:\n  other:\n    type: string\n');
      const order = await readFile(join(dir, 'paths/order.yaml'), 'utf8');
      await writeFile(join(dir, 'paths/order.yaml'), order.replace('../schemas/OrderRequest.yaml', '../other/Item.yaml'));
      await expect(bundleDocument(join(dir, 'openapi.yaml'))).rejects.toThrow(/same name but different content/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('formatBundle', () => {
  it('indents by two, ends with a newline and sorts every components map by name', () => {
    const text = formatBundle({
      openapi: '3.1.0',
      paths: { '/b': {}, '/a': {} },
      components: { schemas: { Zed: {}, Alpha: {} }, responses: { B: {}, A: {} } },
    });
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "openapi": "3.1.0"');
    const document: unknown = JSON.parse(text);
    expect(Object.keys(at(document, 'components', 'schemas'))).toEqual(['Alpha', 'Zed']);
    expect(Object.keys(at(document, 'components', 'responses'))).toEqual(['A', 'B']);
    // Paths keep the document's own order.
    expect(Object.keys(at(document, 'paths'))).toEqual(['/b', '/a']);
  });
});

describe('validate (second validator)', () => {
  it('accepts the fixture bundle', async () => {
    const result = await validateDocument(await readFile(shopBundlePath, 'utf8'));
    expect(result).toEqual({ valid: true, version: '3.1', errors: [] });
  });

  it('reports a response without its required description', async () => {
    const document = at(JSON.parse(await readFile(shopBundlePath, 'utf8')));
    delete at(document, 'paths', '/item/list', 'get', 'responses', '200').description;
    const result = await validateDocument(document);
    expect(result.valid).toBe(false);
    expect(result.errors).toContain(
      `/paths/~1item~1list/get/responses/200: must have required property 'description' {"missingProperty":"description"}`,
    );
  });

  it('reports a $ref that does not resolve', async () => {
    const document = at(JSON.parse(await readFile(shopBundlePath, 'utf8')));
    at(document, 'paths', '/order/add', 'post', 'requestBody', 'content', 'application/json').schema = {
      $ref: '#/components/schemas/Missing',
    };
    const result = await validateDocument(document);
    expect(result).toMatchObject({ valid: false, errors: ["Can't resolve #/components/schemas/Missing"] });
  });

  it('reports a document that is not OpenAPI', async () => {
    const result = await validateDocument({ swagger: 'nope' });
    expect(result.valid).toBe(false);
    expect(result.errors.length).toBeGreaterThan(0);
  });

  it('validates files given on the command line and exits non-zero on errors', async () => {
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const run = promisify(execFile);
    const dir = await mkdtemp(join(tmpdir(), 'validate-cli-'));
    try {
      const bad = at(JSON.parse(await readFile(shopBundlePath, 'utf8')));
      delete bad.info;
      await writeFile(join(dir, 'bad.json'), JSON.stringify(bad));
      const script = join(import.meta.dirname, '../scripts/validate.mjs');
      const good = await run(process.execPath, [script, shopBundlePath]);
      expect(good.stdout).toMatch(/valid OpenAPI 3\.1/);
      const failed: unknown = await run(process.execPath, [script, shopBundlePath, join(dir, 'bad.json')]).then(
        () => 'exited 0',
        (error: unknown) => error,
      );
      expect(failed).toMatchObject({ code: 1 });
      expect(at(failed).stderr).toMatch(/bad\.json: \d+ error\(s\)[\s\S]*must have required property 'info'/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
