// --state FILE keeps named worlds (X-Mock-World) too, in FILE.worlds/: each world's changes over the records
// generated for its instant, saved before the answer; a restore gives back the same world (records, state,
// clock), an evicted world's file goes with it, a reset or imported world is saved as what it became, and a
// kill -9 of the real CLI in the middle of writes to many worlds loses none that was acknowledged.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { personas } from '@creator-market/fixtures';
import { issueToken } from '../src/auth/tokens';
import { CHANGES_FORMAT, openStateFile, SOON_MS, type WorldChanges } from '../src/control/persistence';
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
  store.notifications.insert({ ...note!, notification: { ...note!.notification, _id: store.newId(now) } });
  world.touched();
  store.state = {
    ...store.state,
    uploads: { ...store.state.uploads, [product!.sellerUID]: { contentType: 'image/png', base64: 'iVBORw0KGgo=' } },
  };
  world.clock.advance(3_600_000);
  world.touched();
}

describe('named worlds with --state FILE', () => {
  it('restores each changed named world as it was: records, removals, state, counters and clock', () => {
    const path = newFile();
    const first = registryOn(path);
    const alice = first.worlds.fromRequest('qa-alice');
    const bob = first.worlds.fromRequest('qa-bob');
    first.worlds.fromRequest('qa-untouched');
    change(alice, '앨리스');
    change(bob, '밥');
    change(bob, '밥 두 번째');

    // One small file per changed world: its changes, not its records (a whole world is hundreds of KB here).
    const files = readdirSync(`${path}.worlds`).sort();
    expect(files).toEqual(['w-qa-alice.json', 'w-qa-bob.json']);
    const saved = JSON.parse(readFileSync(join(`${path}.worlds`, 'w-qa-bob.json'), 'utf8')) as WorldChanges;
    expect(saved).toMatchObject({ format: CHANGES_FORMAT, name: 'qa-bob', seed: 1, scale: 0.2, generatedFor: START });
    expect(Object.keys(saved.changes).sort()).toEqual(['carts', 'notifications', 'products']);
    expect(first.file.named.lastWrite!.bytes).toBeLessThan(20_000);

    const second = registryOn(path);
    expect(second.worlds.list().map((w) => w.name)).toEqual(['default', 'qa-alice', 'qa-bob']);
    for (const name of ['qa-alice', 'qa-bob']) {
      const before = first.worlds.fromRequest(name);
      const after = second.worlds.fromRequest(name);
      expect(plain(after)).toEqual(plain(before));
      expect(after.store.products.size).toBe(before.store.products.size);
      expect(after.store.carts.size).toBe(before.store.carts.size);
    }
    // Indexes hold the changes too: the new notification is found by its recipient, the removed cart is not.
    const restored = second.worlds.fromRequest('qa-bob');
    const original = first.worlds.fromRequest('qa-bob');
    const [note] = [...original.store.notifications.all()].slice(-1);
    expect(restored.store.notifications.by('recipient', `${note!.recipientUid}\u0000${note!.category}`)).toContainEqual(note);
    // A restored world goes on being saved.
    change(restored, '다시');
    expect(plain(registryOn(path).worlds.fromRequest('qa-bob'))).toEqual(plain(restored));
  });

  it('saves a `soon` change within SOON_MS or at flush, and not before', () => {
    const path = newFile();
    const { file, worlds } = registryOn(path);
    const world = worlds.fromRequest('qa-soon');
    world.touched();
    const savedCounts = () =>
      (JSON.parse(readFileSync(join(`${path}.worlds`, 'w-qa-soon.json'), 'utf8')) as WorldChanges).state.keywordCounts;
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

  it("removes an evicted world's file and does not save a late change of it", () => {
    const path = newFile();
    const { worlds } = registryOn(path, 2);
    const [a, b] = [worlds.fromRequest('w-a'), worlds.fromRequest('w-b')];
    a.touched();
    b.touched();
    worlds.fromRequest('w-c').touched();
    expect(readdirSync(`${path}.worlds`).sort()).toEqual(['w-w-b.json', 'w-w-c.json']);
    a.touched(); // a request on the evicted world that was still running
    expect(existsSync(join(`${path}.worlds`, 'w-w-a.json'))).toBe(false);
    // Made again after its eviction: saved again, as the new world it is.
    worlds.fromRequest('w-a').touched();
    expect(existsSync(join(`${path}.worlds`, 'w-w-a.json'))).toBe(true);
  });

  it('saves a reset named world as its new records and an imported one as its whole snapshot', () => {
    const path = newFile();
    const { worlds } = registryOn(path);
    const control = new ControlState({ latencyMs: 0, worlds, defaultSeed: 1, scale: 0.2, targets: [] });
    const old = worlds.fromRequest('qa-reset');
    change(old, '리셋 전');
    const reset = control.reset(old, 7);
    old.touched(); // the replaced world: not saved over the new one
    const source = worlds.fromRequest('qa-source');
    change(source, '내보낸');
    const imported = control.import(worlds.fromRequest('qa-import'), JSON.parse(JSON.stringify(source.snapshot())) as WorldSnapshot);
    imported.store.products.update([...imported.store.products.all()][1]!.product._id, (r) => ({
      ...r,
      product: { ...r.product, title: '가져온 뒤 바꾼 물품' },
    }));
    imported.touched();

    const again = registryOn(path).worlds;
    expect(plain(again.fromRequest('qa-reset'))).toEqual(plain(reset));
    expect(again.fromRequest('qa-reset').seed).toBe(7);
    expect(plain(again.fromRequest('qa-import'))).toEqual(plain(imported));
    const importedFile = JSON.parse(readFileSync(join(`${path}.worlds`, 'w-qa-import.json'), 'utf8')) as WorldSnapshot;
    expect(importedFile.format).toBe('creator-market-world@1');
  });

  it("stops with a clear error naming a named world's file that is not JSON or not that world, and leaves it", () => {
    const path = newFile();
    const { worlds } = registryOn(path);
    worlds.fromRequest('qa-broken').touched();
    const broken = join(`${path}.worlds`, 'w-qa-broken.json');
    writeFileSync(broken, '{"format": "creator-market-world-changes@1", "name": ');
    expect(() => registryOn(path)).toThrow(`the named world's file ${broken} cannot be read as JSON`);
    writeFileSync(broken, JSON.stringify({ format: CHANGES_FORMAT, name: 'someone-else' }));
    expect(() => registryOn(path)).toThrow(`the named world's file ${broken} names the world "someone-else", not 'qa-broken'`);
    expect(readFileSync(broken, 'utf8')).toContain('someone-else');
  });

  it('removes temporaries a killed run left in the folder', () => {
    const path = newFile();
    registryOn(path).worlds.fromRequest('qa-t').touched();
    writeFileSync(join(`${path}.worlds`, 't-12345-qa-t'), '{"half": ');
    registryOn(path);
    expect(readdirSync(`${path}.worlds`)).toEqual(['w-qa-t.json']);
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
