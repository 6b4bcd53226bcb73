// The CLI's code cache (bin/mock.mjs): a start without one saves it once the server is warm, in the caches'
// folder; the next start compiles from it and saves nothing; a damaged file or one made for other code is
// refused by V8, and the start goes on and replaces it; a start with other node flags has a cache of its own;
// --no-cache reads and writes none.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliUntil } from './support/cli-run';

const folder = mkdtempSync(join(tmpdir(), 'cm-code-cache-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs a start until what new worlds share is readied (the moment the code cache is saved), then stops it. */
const warmStart = (args: string[], nodeFlags: string[] = []) =>
  runCliUntil(['--scale', '0.2', ...args], /\[mock\]\s+new worlds\s+ready/, nodeFlags);
const SAVED = /\[mock\]\s+code cache\s+saved to (\S+cli-[0-9a-f]{16}-[0-9a-f]{8}\.v8-cache)/;
const codeCaches = (dir: string) => readdirSync(dir).filter((name) => /^cli-[0-9a-f]{16}-[0-9a-f]{8}\.v8-cache$/.test(name));

describe("the CLI's code cache", () => {
  it('is saved once warm, used by the next start, and replaced when damaged or made for other code', async () => {
    const dir = join(folder, 'caches');
    const first = await warmStart(['--cache-dir', dir]);
    expect(first.output).not.toMatch(/WARNING|Error/);
    const file = SAVED.exec(first.output)?.[1];
    expect(file, first.output).toBeDefined();
    expect(codeCaches(dir)).toEqual([file!.slice(dir.length + 1)]);
    const saved = readFileSync(file!);

    // Read back and used: nothing to save.
    const second = await warmStart(['--cache-dir', dir]);
    expect(second.output).toMatch(/ready in \d+ ms/);
    expect(second.output).not.toMatch(SAVED);
    expect(readFileSync(file!).equals(saved)).toBe(true);

    // Truncated: refused, the start goes on and saves a whole one; the caches of other bundles go.
    writeFileSync(file!, saved.subarray(0, saved.length >> 1));
    const stale = ['cli-0123456789abcdef-01234567.v8-cache', 'cli-0123456789abcdef.v8-cache'];
    for (const name of stale) writeFileSync(join(dir, name), saved);
    const repaired = await warmStart(['--cache-dir', dir]);
    expect(repaired.output).toMatch(SAVED);
    expect(statSync(file!).size).toBeGreaterThan(saved.length >> 1);
    for (const name of stale) expect(existsSync(join(dir, name)), name).toBe(false);

    // Made for other code (a cache V8 would take for another script): refused and replaced.
    const other = new vm.Script('globalThis.notTheMockServer = () => 1;');
    writeFileSync(file!, other.createCachedData());
    expect((await warmStart(['--cache-dir', dir])).output).toMatch(SAVED);
    expect((await warmStart(['--cache-dir', dir])).output).not.toMatch(SAVED);
    expect(codeCaches(dir)).toHaveLength(1);

    // Other node flags (V8 would refuse the usual cache): a cache of their own, the usual one kept and used.
    const flagged = await warmStart(['--cache-dir', dir], ['--expose-gc']);
    const flaggedFile = SAVED.exec(flagged.output)?.[1];
    expect(flaggedFile, flagged.output).toBeDefined();
    expect(flaggedFile).not.toBe(file);
    expect((await warmStart(['--cache-dir', dir], ['--expose-gc'])).output).not.toMatch(SAVED);
    expect((await warmStart(['--cache-dir', dir])).output).not.toMatch(SAVED);
    expect(codeCaches(dir)).toHaveLength(2);

    const none = join(folder, 'no-cache');
    const uncached = await warmStart(['--cache-dir', none, '--no-cache']);
    expect(uncached.output).toMatch(/new worlds\s+ready/);
    expect(uncached.output).not.toMatch(/code cache/);
    expect(existsSync(none)).toBe(false);
  }, 120_000);
});
