// Test helpers of the receipt pages: the mock server's handlers in-process with a freshly seeded world for
// every test (tests cancel, pay and edit orders), and the buyer persona's orders, which cover every receipt
// status.
import type { Schemas } from '@creator-market/sdk';
import { latestStatus } from '@creator-market/sdk/domain';
import { freshWorldPerTest, setupMockApi, testHandlers, type MockWorld } from './testServer';

export type Receipt = Schemas['Receipt'];

/** The mock API; `world()` is the running test's world. */
export function setupReceiptWorld() {
  const server = setupMockApi();
  const world = freshWorldPerTest(server);
  return { server, world };
}

/** The mock's own handlers over `world`, to answer a rewritten request with (msw's getResponse). */
export function handlersOf(world: MockWorld) {
  return testHandlers({ world });
}

function buyerUid(world: MockWorld): string {
  const buyer = world.store.accounts.one('persona', 'buyer');
  if (!buyer) throw new Error('the seeded world has no buyer persona');
  return buyer.uid;
}

/** The buyer persona's first order whose latest status is `status` (and that passes `where`). */
export function buyerReceipt(world: MockWorld, status: number, where: (receipt: Receipt) => boolean = () => true): Receipt {
  const found = world.store.receipts
    .by('owner', buyerUid(world))
    .map((row) => row.receipt)
    .find((receipt) => latestStatus(receipt.status) === status && where(receipt));
  if (!found) throw new Error(`the buyer persona has no order in status ${status}`);
  return found;
}

/** An order of another account. */
export function othersReceipt(world: MockWorld): Receipt {
  const uid = buyerUid(world);
  const row = [...world.store.receipts.all()].find((candidate) => candidate.ownerUid !== uid);
  if (!row) throw new Error('the seeded world has no order of another account');
  return row.receipt;
}

/** The receipt as the world holds it now. */
export function receiptNow(world: MockWorld, publicId: string): Receipt {
  const row = world.store.receipts.one('publicId', publicId);
  if (!row) throw new Error(`no receipt ${publicId}`);
  return row.receipt;
}

/** Changes a receipt the way the seller side would (the world's own store). */
export function changeReceipt(world: MockWorld, publicId: string, change: (receipt: Receipt) => Receipt): void {
  const row = world.store.receipts.one('publicId', publicId);
  if (!row) throw new Error(`no receipt ${publicId}`);
  world.store.receipts.replace({ ...row, receipt: change(structuredClone(row.receipt)) });
  world.touched();
}
