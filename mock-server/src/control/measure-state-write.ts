// Measures one `--state FILE` save (what every acknowledged change costs) at a scale:
//   pnpm --filter @creator-market/mock-server exec tsx src/control/measure-state-write.ts [scale=1] [changes=50]
// Each change is what an order does to the world: two product options' counts, a new receipt-like
// notification pair, and a cart removed; then the save runs as `onChange` runs it in a request.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { World } from '../world/world';
import { openStateFile } from './persistence';

const scale = Number(process.argv[2] ?? 1);
const changes = Number(process.argv[3] ?? 50);
const folder = mkdtempSync(join(tmpdir(), 'cm-state-measure-'));

try {
  const world = World.create({ name: 'default', seed: 1, scale });
  const file = openStateFile(join(folder, 'world.json'));
  file.onChange(world);
  console.log(`scale ${scale}: file ${(file.lastWrite!.bytes / 1e6).toFixed(1)} MB, first save ${file.lastWrite!.ms.toFixed(1)} ms`);

  const { store } = world;
  const products = [...store.products.all()];
  const notifications = [...store.notifications.all()];
  const carts = [...store.carts.all()];
  const times: number[] = [];
  for (let i = 0; i < changes; i++) {
    const now = world.clock.now();
    for (const row of [products[(i * 37) % products.length]!, products[(i * 91 + 5) % products.length]!]) {
      store.products.update(row.product._id, (r) => ({
        ...r,
        product: { ...r.product, option: r.product.option.map((o) => ({ ...o, order: o.order + 1 })) },
      }));
    }
    for (const template of notifications.slice(i * 2, i * 2 + 2)) {
      store.notifications.insert({ ...template, notification: { ...template.notification, _id: store.newId(now) } });
    }
    const cart = carts[i % carts.length];
    if (cart && store.carts.get(cart.cart._id)) store.carts.remove(cart.cart._id);
    file.onChange(world);
    times.push(file.lastWrite!.ms);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`${changes} saves after order-like changes: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${times.at(-1)!.toFixed(1)} ms`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
