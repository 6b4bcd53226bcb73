// The handler pipeline (src/core/pipeline.ts): every write reaches the world's persistence hook, whatever
// shape its answer has. A cart write answers raw JSON (handlers/cart.ts); when raw answers skipped the hook,
// `--state` lost acknowledged cart writes at a kill -9 (the reliability step's kill9 rounds).
import { describe, expect, it, vi } from 'vitest';
import { runHandler, type HandlerInput } from '../src/core/pipeline';

function inputWith(touched: () => void): HandlerInput {
  return { user: { uid: 'u1' }, world: { touched, clock: { now: () => 0 } } } as unknown as HandlerInput;
}

const raw = () => ({ raw: true as const, status: 200, contentType: 'application/json', body: '{"data":1}' });
const json = () => ({ ok: true });

describe('runHandler', () => {
  it.each([
    ['a raw answer', raw],
    ['a JSON answer', json],
  ])('marks the world changed after a write with %s', (_what, handler) => {
    const touched = vi.fn();
    runHandler({ operationId: 'addToCart', guest: false, method: 'post' }, handler as never, inputWith(touched));
    expect(touched).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a raw answer', raw],
    ['a JSON answer', json],
  ])('leaves the world unchanged after a read with %s', (_what, handler) => {
    const touched = vi.fn();
    runHandler({ operationId: 'getCart', guest: false, method: 'get' }, handler as never, inputWith(touched));
    expect(touched).not.toHaveBeenCalled();
  });
});
