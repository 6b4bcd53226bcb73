// act() around a change whose rendering waits on a microtask: a valtio store tells its subscribers
// (useSnapshot) in one, and a settled promise runs its callbacks in one. act awaits them before it returns.
import { act } from '@testing-library/react';

export async function actAndSettle(change: () => void): Promise<void> {
  await act(async () => {
    change();
    await Promise.resolve();
  });
}
