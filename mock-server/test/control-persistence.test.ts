// --state FILE: the cached encoder writes exactly the snapshot's JSON, the file is restored at start, a
// corrupt or unreadable file stops the start (exit code 2) and is left as it was, and a kill -9 in the
// middle of a write load leaves a file that restores a consistent world holding every acknowledged write.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { personas } from '@creator-market/fixtures';
import { issueToken } from '../src/auth/tokens';
import { openStateFile, SnapshotEncoder, SOON_MS } from '../src/control/persistence';
import { World, type WorldSnapshot } from '../src/world/world';

const MOCK_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(MOCK_DIR, 'bin/mock.mjs');
const folder = mkdtempSync(join(tmpdir(), 'cm-control-persistence-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let fileCount = 0;
const newFile = () => join(folder, `world-${++fileCount}.json`);

describe('SnapshotEncoder', () => {
  it('writes the same JSON value as JSON.stringify, before and after changes of every kind', () => {
    const world = World.create({ name: 'default', seed: 3, scale: 0.2 });
    const encoder = new SnapshotEncoder();
    /** The encoder's JSON and JSON.stringify's, of one snapshot. */
    const both = (): [WorldSnapshot, WorldSnapshot] => {
      const snapshot = world.snapshot();
      return [
        JSON.parse(Buffer.concat(encoder.encode(snapshot)).toString('utf8')) as WorldSnapshot,
        JSON.parse(JSON.stringify(snapshot)) as WorldSnapshot,
      ];
    };
    const [encoded, plain] = both();
    expect(encoded).toEqual(plain);

    const { store } = world;
    const now = world.clock.now();
    const [product] = store.products.all();
    store.products.update(product!.product._id, (r) => ({ ...r, product: { ...r.product, title: '바뀐 물품 이름' } }));
    const [cart] = store.carts.all();
    store.carts.remove(cart!.cart._id);
    const [note] = store.notifications.all();
    store.notifications.insert({ ...note!, notification: { ...note!.notification, _id: store.newId(now) } });
    store.state = {
      ...store.state,
      uploads: { ...store.state.uploads, [product!.sellerUID]: { contentType: 'image/png', base64: 'iVBORw0KGgo=' } },
    };
    store.state.keywordCounts = { ...store.state.keywordCounts, 스티커: 3 };
    world.clock.advance(60_000);

    const [after, expected] = both();
    expect(after).toEqual(expected);
    expect(after.world.products[0]!.product.title).toBe('바뀐 물품 이름');
    expect(after.state.uploads[product!.sellerUID]!.contentType).toBe('image/png');
  });
});

describe('openStateFile', () => {
  it('restores nothing from a missing file, then restores what it saved', () => {
    const path = newFile();
    const file = openStateFile(path);
    expect(file.restore()).toBeNull();
    const world = World.create({ name: 'default', seed: 2, scale: 0.2 });
    world.clock.advance(5000);
    file.onChange(world);
    expect(file.lastWrite!.bytes).toBe(readFileSync(path).length);
    const restored = openStateFile(path).restore() as WorldSnapshot;
    // The same world; only the export time (`world.now`) differs between two snapshots.
    const withoutNow = (snapshot: WorldSnapshot) => ({ ...snapshot, world: { ...snapshot.world, now: '' } });
    expect(withoutNow(restored)).toEqual(withoutNow(JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot));
    expect(restored).toMatchObject({ format: 'creator-market-world@1', seed: 2, scale: 0.2 });
    expect(restored.world.products).toHaveLength(world.store.products.size);
    expect(Math.round(restored.clockOffsetMs / 1000)).toBe(5);
  });

  it('saves a `soon` change (a counted search) within SOON_MS, at once with the next change, or at flush', () => {
    const path = newFile();
    const file = openStateFile(path);
    const world = World.create({ name: 'default', seed: 2, scale: 0.2, onChange: file.onChange });
    file.onChange(world);
    const savedCounts = () => (JSON.parse(readFileSync(path, 'utf8')) as WorldSnapshot).state.keywordCounts;

    // Fake timers: 'not saved yet' is checked at SOON_MS - 1 exactly, not after a sleep on a busy machine.
    vi.useFakeTimers();
    try {
      world.store.state = { ...world.store.state, keywordCounts: { '2026-11-21:키링': 1 } };
      world.touched('soon');
      expect(savedCounts()).toEqual({});
      vi.advanceTimersByTime(SOON_MS - 1);
      expect(savedCounts()).toEqual({});
      vi.advanceTimersByTime(1);
      expect(savedCounts()).toEqual({ '2026-11-21:키링': 1 });
    } finally {
      vi.useRealTimers();
    }

    world.store.state = { ...world.store.state, keywordCounts: { '2026-11-21:키링': 2 } };
    world.touched('soon');
    world.touched();
    expect(savedCounts()).toEqual({ '2026-11-21:키링': 2 });

    world.store.state = { ...world.store.state, keywordCounts: { '2026-11-21:키링': 3 } };
    world.touched('soon');
    file.flush();
    expect(savedCounts()).toEqual({ '2026-11-21:키링': 3 });
  });

  it('throws a clear error for a file that is not JSON, not a world, or not readable, and leaves it alone', () => {
    const notJson = newFile();
    writeFileSync(notJson, '{"format": "creator-market-world@1", "world": ');
    expect(() => openStateFile(notJson).restore()).toThrow(`the state file ${notJson} is not valid JSON`);
    expect(readFileSync(notJson, 'utf8')).toBe('{"format": "creator-market-world@1", "world": ');

    const notWorld = newFile();
    writeFileSync(notWorld, JSON.stringify({ format: 'something-else' }));
    expect(() => openStateFile(notWorld).restore()).toThrow(/is not a creator-market world: format must be 'creator-market-world@1'/);

    const folderPath = join(folder, 'a-folder.json');
    mkdirSync(folderPath);
    expect(() => openStateFile(folderPath).restore()).toThrow(`cannot read the state file ${folderPath}`);
  });

  it('removes temporary files a killed run left behind', () => {
    const path = newFile();
    writeFileSync(`${path}.tmp-12345`, '{"half": ');
    openStateFile(path);
    expect(existsSync(`${path}.tmp-12345`)).toBe(false);
  });
});

// ---------------------------------------------------------------- the real CLI in a child process

interface Child {
  process: ChildProcess;
  baseUrl: string;
  output: () => string;
}

function startCli(stateFile: string): Promise<Child> {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--scale', '0.2', '--state', stateFile], {
    cwd: MOCK_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /\[mock\]\s+API\s+(http:\/\/\S+?)\/\s/.exec(output);
      if (ready) resolve({ process: child, baseUrl: ready[1]!, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the mock server exited (${code}) before it was ready:\n${output}`)));
  });
}

/** Runs the CLI to its exit; answers its exit code and output. */
function runCli(stateFile: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--scale', '0.2', '--state', stateFile], {
    cwd: MOCK_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('--state FILE with the real server', () => {
  const buyerNew = personas.find((p) => p.id === 'buyer-new')!;
  const token = issueToken(buyerNew.uid);
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  it('a kill -9 in the middle of a write load leaves a file that restores every acknowledged write, consistently', async () => {
    const path = newFile();
    const first = await startCli(path);
    let second: Child | undefined;
    try {
      // The file holds the world from the start.
      const initial = JSON.parse(readFileSync(path, 'utf8')) as WorldSnapshot;
      const sellers = initial.world.sellers.filter(
        (s) => !initial.world.subscriptions.some((r) => r.ownerUid === buyerNew.uid && r.subscription.sellerId === s._id),
      );
      const initialCount = new Map(initial.world.sellers.map((s) => [s._id, s.subscribe]));

      // Four clients subscribe buyer-new to seller after seller; the server is killed while requests are in flight.
      const acknowledged: string[] = [];
      let next = 0;
      let stop = false;
      const client = async () => {
        while (!stop && next < sellers.length) {
          const sellerId = sellers[next++]!._id;
          try {
            const res = await fetch(`${first.baseUrl}/subscribe/add`, {
              method: 'POST',
              headers: auth,
              body: JSON.stringify({ sellerId }),
            });
            if (res.status === 200) acknowledged.push(sellerId);
            else throw new Error(`unexpected ${res.status}: ${await res.text()}`);
          } catch (err) {
            if (!stop) throw err;
          }
        }
      };
      const clients = Array.from({ length: 4 }, client);
      while (acknowledged.length < 25) await new Promise((resolve) => setTimeout(resolve, 5));
      stop = true;
      await killed(first.process);
      await Promise.all(clients);
      expect(first.process.signalCode).toBe('SIGKILL');

      // The file parses and is a world, whatever moment the kill hit.
      const saved = JSON.parse(readFileSync(path, 'utf8')) as WorldSnapshot;
      expect(saved.format).toBe('creator-market-world@1');

      second = await startCli(path);
      const res = await fetch(`${second.baseUrl}/subscribe/getsubscriberlist`, { headers: auth });
      expect(res.status).toBe(200);
      const subscribed = new Set(((await res.json()) as { data: string[] }).data);
      const lost = acknowledged.filter((id) => !subscribed.has(id));
      expect(lost, 'acknowledged subscriptions lost by the kill').toEqual([]);

      // Consistent: each seller's subscriber count moved exactly with buyer-new's subscription to it.
      const restored = JSON.parse(readFileSync(path, 'utf8')) as WorldSnapshot;
      for (const seller of sellers.slice(0, next)) {
        const count = restored.world.sellers.find((s) => s._id === seller._id)!.subscribe;
        expect(count - initialCount.get(seller._id)!, seller._id).toBe(subscribed.has(seller._id) ? 1 : 0);
      }
    } finally {
      await killed(first.process);
      if (second) await killed(second.process);
    }
  }, 90_000);

  it('a corrupt or unreadable state file stops the start with a clear message and exit code 2, and is kept', async () => {
    const corrupt = newFile();
    const text = '{"format": "creator-market-world@1", "world": {"accounts": [';
    writeFileSync(corrupt, text);
    const run = await runCli(corrupt);
    expect(run.code).toBe(2);
    expect(run.output).toContain(`[mock] the state file ${corrupt} is not valid JSON`);
    expect(run.output).not.toContain('ready');
    expect(readFileSync(corrupt, 'utf8')).toBe(text);

    const wrong = newFile();
    writeFileSync(
      wrong,
      JSON.stringify({ format: 'creator-market-world@1', name: 'default', seed: 1, scale: 0.2, clockOffsetMs: 0, world: {}, state: {} }),
    );
    const wrongRun = await runCli(wrong);
    expect(wrongRun.code).toBe(2);
    expect(wrongRun.output).toContain('is not a creator-market world: world.accounts must be an array');

    const duplicate = newFile();
    const snapshot = World.create({ name: 'default', seed: 1, scale: 0.2 }).snapshot();
    writeFileSync(
      duplicate,
      JSON.stringify({ ...snapshot, world: { ...snapshot.world, products: [...snapshot.world.products, snapshot.world.products[0]] } }),
    );
    const duplicateRun = await runCli(duplicate);
    expect(duplicateRun.code).toBe(2);
    expect(duplicateRun.output).toContain(
      `[mock] the state file ${duplicate} cannot be restored: duplicate id ${snapshot.world.products[0]!.product._id}`,
    );

    const folderPath = join(folder, 'folder-state.json');
    mkdirSync(folderPath);
    const unreadable = await runCli(folderPath);
    expect(unreadable.code).toBe(2);
    expect(unreadable.output).toContain(`[mock] cannot read the state file ${folderPath}`);
  }, 90_000);
});
