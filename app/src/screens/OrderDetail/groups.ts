// The order detail's pages hold receipts grouped by market; a market's group may go on in the next page
// with the same id (the operation's description), so consecutive groups of one market are shown as one.
import type { Schemas } from '@creator-market/sdk';

export type ReceiptGroup = Schemas['ReceiptGroup'];

export function mergeGroups(groups: readonly ReceiptGroup[]): ReceiptGroup[] {
  const merged: ReceiptGroup[] = [];
  for (const group of groups) {
    const last = merged[merged.length - 1];
    if (last && last._id === group._id) merged[merged.length - 1] = { ...last, receipt: [...last.receipt, ...group.receipt] };
    else merged.push(group);
  }
  return merged;
}

/** The next page starts after the last receipt shown. */
export function lastReceiptId(group: ReceiptGroup | undefined): string | undefined {
  return group?.receipt[group.receipt.length - 1]?._id;
}

/** The groups with each receipt replaced by its fresh copy (same `_id`) where `fresh` has one. */
export function withFreshReceipts(groups: readonly ReceiptGroup[], fresh: readonly ReceiptGroup[]): ReceiptGroup[] {
  const byId = new Map(fresh.flatMap((group) => group.receipt.map((receipt) => [receipt._id, receipt] as const)));
  return groups.map((group) => ({ ...group, receipt: group.receipt.map((receipt) => byId.get(receipt._id) ?? receipt) }));
}
