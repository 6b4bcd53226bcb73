// --state FILE keeps named worlds (X-Mock-World) too, in FILE.worlds.log: each change of a world appended and
// synced before the answer; a restore gives back the same worlds (records, state, clock), an evicted world is
// forgotten, a reset or imported world is saved as what it became, a line a kill cut short is dropped, a
// compaction keeps every world, and a kill -9 of the real CLI in the middle of writes to many worlds loses
// none that was acknowledged.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { personas } from '@creator-market/fixtures';
import { issueToken } from '../src/auth/tokens';
import { LOG_FORMAT, openStateFile, SOON_MS, type LogLine } from '../src/control/persistence';
import { ControlState } from '../src/control/state';
import { WorldRegistry } from '../src/world/registry';
import type { World, WorldSnapshot } from '../src/world/world';

const MOCK_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(MOCK_DIR, 'bin/mock.mjs');
const folder = mkdtempSync(join(tmpdir(), 'cm-control-persistence-named-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let fileCount = 0;
const newFile = () => join(folder, `world-${++fileCount}.json`);
const START = Date.UTC(2026, 11, 10, 3, 0, 0);

/** A registry as the CLI makes it with --state FILE (named worlds pinned to one instant). */
function registryOn(path: string, maxWorlds = 8) {
  const file = openStateFile(path);
  const worlds = new WorldRegistry({
    seed: 1,
    scale: 0.2,
    startAt: START,
    maxWorlds,
    restoreDefault: file.restore,
    onChange: file.onChange,
    named: file.named,
  });
  return { file, worlds };
}

/** The lines of a state file's named worlds' log (its first line, the format, apart). */
function logLines(path: string): LogLine[] {
  const [first, ...rest] = readFileSync(`${path}.worlds.log`, 'utf8').trimEnd().split('\n');
  expect(JSON.parse(first!)).toEqual({ format: LOG_FORMAT });
  return rest.map((line) => JSON.parse(line) as LogLine);
}

/** A world's snapshot as plain JSON, without the export instant (which differs between two exports). */
const plain = (world: World) => {
  const snapshot = JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot;
  return { ...snapshot, clockOffsetMs: Math.round(snapshot.clockOffsetMs / 1000), world: { ...snapshot.world, now: '' } };
};

/** Changes of every kind to a world, each told to its hook as a request's change is. */
function change(world: World, label: string) {
  const { store } = world;
  const now = world.clock.now();
  const [product] = store.products.all();
  store.products.update(product!.product._id, (r) => ({ ...r, product: { ...r.product, title: `${label} 물품` } }));
  world.touched();
  const [cart] = store.carts.all();
  if (cart) store.carts.remove(cart.cart._id);
  world.touched();
  const [note] = store.notifications.all();
  const added = store.notifications.insert({ ...note!, notification: { ...note!.notification, _id: store.newId(now) } });
  world.touched();
  // Added, then changed, then removed: gone from the world's changes, and from its restore.
  const temporary = store.notifications.insert({ ...note!, notification: { ...note!.notification, _id: store.newId(now) } });
  world.touched();
  store.notifications.remove(temporary.notification._id);
  world.touched();
  store.state = {
    ...store.state,
    uploads: { ...store.state.uploads, [product!.sellerUID]: { contentType: 'image/png', base64: 'iVBORw0KGgo=' } },
  };
  world.clock.advance(3_600_000);
  world.touched();
  return added;
}

describe('named worlds with --state FILE', () => {
  it('restores each changed named world as it was: records, removals, state, counters and clock', () => {
    const path = newFile();
    const first = registryOn(path);
    const alice = first.worlds.fromRequest('qa-alice');
    const bob = first.worlds.fromRequest('qa-bob');
    first.worlds.fromRequest('qa-untouched');
    change(alice, '앨리스');
    const note = change(bob, '밥');
    change(bob, '밥 두 번째');

    // One line per change, holding what it changed: a few hundred bytes, where the world is hundreds of KB.
    const lines = logLines(path);
    expect(new Set(lines.map((line) => line.w))).toEqual(new Set(['qa-alice', 'qa-bob']));
    expect(lines.find((line) => line.w === 'qa-bob')!.start).toEqual({ seed: 1, scale: 0.2, generatedFor: START });
    expect(lines.filter((line) => line.start)).toHaveLength(2);
    expect(Math.max(...lines.map((line) => JSON.stringify(line).length))).toBeLessThan(5000);
    expect(first.file.named.lastWrite!.bytes).toBeLessThan(5000);

    const second = registryOn(path);
    expect(second.worlds.list().map((w) => w.name)).toEqual(['default', 'qa-alice', 'qa-bob']);
    for (const name of ['qa-alice', 'qa-bob']) {
      const before = first.worlds.fromRequest(name);
      const after = second.worlds.fromRequest(name);
      expect(plain(after)).toEqual(plain(before));
      expect(after.store.products.size).toBe(before.store.products.size);
      expect(after.store.notifications.size).toBe(before.store.notifications.size);
    }
    // Indexes hold the changes too: the new notification is found by its recipient.
    const restored = second.worlds.fromRequest('qa-bob');
    expect(restored.store.notifications.by('recipient', `${note.recipientUid}\u0000${note.category}`)).toContainEqual(note);
    // A restored world goes on being saved, with only what changes next.
    const before = logLines(path).length;
    change(restored, '다시');
    expect(
      logLines(path)
        .slice(before)
        .every((line) => !line.start),
    ).toBe(true);
    expect(plain(registryOn(path).worlds.fromRequest('qa-bob'))).toEqual(plain(restored));
  });

  it('saves a `soon` change within SOON_MS or at flush, and not before', () => {
    const path = newFile();
    const { file, worlds } = registryOn(path);
    const world = worlds.fromRequest('qa-soon');
    world.touched();
    const savedCounts = () =>
      logLines(path)
        .filter((line) => line.state?.keywordCounts)
        .map((line) => line.state!.keywordCounts)
        .at(-1);
    vi.useFakeTimers();
    try {
      world.store.state = { ...world.store.state, keywordCounts: { '2026-12-10:키링': 1 } };
      world.touched('soon');
      vi.advanceTimersByTime(SOON_MS - 1);
      expect(savedCounts()).toEqual({});
      vi.advanceTimersByTime(1);
      expect(savedCounts()).toEqual({ '2026-12-10:키링': 1 });
    } finally {
      vi.useRealTimers();
    }
    world.store.state = { ...world.store.state, keywordCounts: { '2026-12-10:키링': 2 } };
    world.touched('soon');
    file.flush();
    expect(savedCounts()).toEqual({ '2026-12-10:키링': 2 });
  });

  it('forgets an evicted world, and does not save a late change of it', () => {
    const path = newFile();
    const { file, worlds } = registryOn(path);
    const [a, b] = [worlds.fromRequest('w-a'), worlds.fromRequest('w-b')];
    change(a, 'a');
    change(b, 'b');
    // What the registry does when it evicts a world (WorldRegistryOptions.named.onEvict).
    file.named.onEvict(a);
    expect(logLines(path).at(-1)).toEqual({ w: 'w-a', evicted: true });
    const lines = logLines(path).length;
    change(a, 'late'); // a request on the evicted world that was still running
    expect(logLines(path)).toHaveLength(lines);
    expect(
      registryOn(path)
        .worlds.list()
        .map((w) => w.name),
    ).toEqual(['default', 'w-b']);
    // A new world of that name (made after its eviction): saved, as the new world it is.
    const again = registryOn(path);
    const made = again.worlds.fromRequest('w-a');
    change(made, 'again');
    expect(
      registryOn(path)
        .worlds.list()
        .map((w) => w.name),
    ).toEqual(['default', 'w-b', 'w-a']);
    expect(plain(registryOn(path).worlds.fromRequest('w-a'))).toEqual(plain(made));
  });

  it('saves a reset named world as its new records and an imported one from its whole snapshot', () => {
    const path = newFile();
    const { file, worlds } = registryOn(path);
    const control = new ControlState({ latencyMs: 0, worlds, defaultSeed: 1, scale: 0.2, targets: [] });
    const old = worlds.fromRequest('qa-reset');
    change(old, '리셋 전');
    const reset = control.reset(old, 7);
    change(old, '리셋된 세계'); // the replaced world: not saved over the new one
    const source = worlds.fromRequest('qa-source');
    change(source, '내보낸');
    const imported = control.import(worlds.fromRequest('qa-import'), JSON.parse(JSON.stringify(source.snapshot())) as WorldSnapshot);
    change(imported, '가져온 뒤');
    expect(logLines(path).find((line) => line.w === 'qa-import' && line.start && 'snapshot' in line.start)).toBeDefined();

    const check = () => {
      const again = registryOn(path).worlds;
      expect(plain(again.fromRequest('qa-reset'))).toEqual(plain(reset));
      expect(again.fromRequest('qa-reset').seed).toBe(7);
      expect(plain(again.fromRequest('qa-import'))).toEqual(plain(imported));
      expect(plain(again.fromRequest('qa-source'))).toEqual(plain(source));
    };
    check();
    // Compacted: one line per live world, the same worlds.
    file.named.compact();
    expect(
      logLines(path)
        .map((line) => line.w)
        .sort(),
    ).toEqual(['qa-import', 'qa-reset', 'qa-source']);
    check();
    // And it goes on after the compaction.
    change(imported, '압축 뒤');
    check();
  });

  it('drops a line a kill cut short at the end of the log, and appends after it', () => {
    const path = newFile();
    const { worlds } = registryOn(path);
    const world = worlds.fromRequest('qa-cut');
    change(world, '끊기기 전');
    appendFileSync(`${path}.worlds.log`, '{"w":"qa-cut","put":{"products":[{"half');
    const again = registryOn(path).worlds.fromRequest('qa-cut');
    expect(plain(again)).toEqual(plain(world));
    change(again, '끊긴 뒤');
    expect(plain(registryOn(path).worlds.fromRequest('qa-cut'))).toEqual(plain(again));
  });

  it("stops with a clear error naming the log and the line that is not JSON or not a log's, and leaves it", () => {
    const path = newFile();
    const { worlds } = registryOn(path);
    change(worlds.fromRequest('qa-broken'), '고장');
    const log = `${path}.worlds.log`;
    const text = readFileSync(log, 'utf8');
    const lines = text.split('\n');
    writeFileSync(log, [lines[0], lines[1], '{"w": nope', ...lines.slice(2)].join('\n'));
    expect(() => registryOn(path)).toThrow(`the named worlds' log ${log} line 3 is not JSON`);
    writeFileSync(log, text.replace(LOG_FORMAT, 'something-else'));
    expect(() => registryOn(path)).toThrow(`the named worlds' log ${log} line 1 must be {"format":"${LOG_FORMAT}"}`);
    expect(readFileSync(log, 'utf8')).toContain('something-else');
    expect(statSync(log).size).toBe(Buffer.byteLength(text.replace(LOG_FORMAT, 'something-else')));
  });

  it('removes temporaries a killed compaction left', () => {
    const path = newFile();
    change(registryOn(path).worlds.fromRequest('qa-t'), 't');
    writeFileSync(`${path}.worlds.log.tmp-12345`, '{"half": ');
    registryOn(path);
    expect(existsSync(`${path}.worlds.log.tmp-12345`)).toBe(false);
  });
});

// ---------------------------------------------------------------- the real CLI in a child process

function startCli(stateFile: string): Promise<{ process: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--scale', '0.2', '--state', stateFile], {
    cwd: MOCK_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /\[mock\]\s+API\s+(http:\/\/\S+?)\/\s/.exec(output);
      if (ready) resolve({ process: child, baseUrl: ready[1]! });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the mock server exited (${code}) before it was ready:\n${output}`)));
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('--state FILE with named worlds and the real server', () => {
  const buyerNew = personas.find((p) => p.id === 'buyer-new')!;
  const headers = (world: string) => ({
    authorization: `Bearer ${issueToken(buyerNew.uid)}`,
    'content-type': 'application/json',
    'x-mock-world': world,
  });

  it('a kill -9 in the middle of writes to 8 named worlds loses no acknowledged write of any', async () => {
    const path = newFile();
    const first = await startCli(path);
    let second: { process: ChildProcess; baseUrl: string } | undefined;
    try {
      const worlds = Array.from({ length: 8 }, (_, i) => `kill-${i}`);
      const sellersRes = await fetch(`${first.baseUrl}/common/v2/seller?from=top`, { headers: headers(worlds[0]!) });
      const sellers = ((await sellersRes.json()) as { data: { sellerUID: string }[] }).data.map((s) => s.sellerUID);
      const acknowledged = new Map<string, string[]>(worlds.map((w) => [w, []]));
      let stop = false;
      const client = async (world: string) => {
        for (const sellerId of sellers) {
          if (stop) return;
          try {
            const res = await fetch(`${first.baseUrl}/subscribe/add`, {
              method: 'POST',
              headers: headers(world),
              body: JSON.stringify({ sellerId }),
            });
            if (res.status === 200) acknowledged.get(world)!.push(sellerId);
            else if (res.status !== 400) throw new Error(`unexpected ${res.status}: ${await res.text()}`);
          } catch (err) {
            if (!stop) throw err;
          }
        }
      };
      const clients = worlds.map(client);
      const total = () => [...acknowledged.values()].reduce((n, list) => n + list.length, 0);
      while (total() < 40) await new Promise((resolve) => setTimeout(resolve, 5));
      stop = true;
      await killed(first.process);
      await Promise.all(clients);

      second = await startCli(path);
      for (const world of worlds) {
        const res = await fetch(`${second.baseUrl}/subscribe/getsubscriberlist`, { headers: headers(world) });
        expect(res.status).toBe(200);
        const subscribed = new Set(((await res.json()) as { data: string[] }).data);
        const lost = acknowledged.get(world)!.filter((id) => !subscribed.has(id));
        expect(lost, `acknowledged subscriptions of ${world} lost by the kill`).toEqual([]);
      }
    } finally {
      await killed(first.process);
      if (second) await killed(second.process);
    }
  }, 90_000);
});
