// ApiFailure's body: each catalogue code in its own shape of the contract's ErrorBody (the code in `data`),
// and only codes of the sdk's ErrorCode compile.
import { schemaErrors } from '@creator-market/openapi/schemas';
import { ERROR_CODES } from '@creator-market/sdk/domain';
import { describe, expect, it } from 'vitest';
import { toAdError } from '../src/handlers/ads';
import { ApiFailure, badRequest, messageFor } from '../src/http/failure';

const list = [{ _id: '6650f1c2a9d3e4b5c6d7e801', title: '말랑 곰돌이 키링', option: '핑크', available: 2 }];
const details = [{ path: '/body/marketId', message: "must have required property 'marketId'" }];

describe('ApiFailure', () => {
  it('answers every code in a shape the contract allows, with its Korean message', () => {
    for (const code of ERROR_CODES) {
      const body = new ApiFailure(400, code, { list, title: '점검', msg: '곧 돌아와요', details }).body;
      expect(schemaErrors('ErrorBody', body), code).toEqual([]);
      expect(body.message, code).toBe(messageFor(code));
    }
  });

  it('puts a plain code in data, a list error with its list, and keeps only the fields of the code', () => {
    expect(new ApiFailure(400, 'out-of-stock', { list, details }).body).toEqual({
      data: 'out-of-stock',
      message: messageFor('out-of-stock'),
    });
    expect(badRequest('stock-shortage', list).body).toEqual({
      data: { code: 'stock-shortage', list },
      message: messageFor('stock-shortage'),
    });
    expect(badRequest('failed').body).toEqual({ data: { code: 'failed', list: [] }, message: messageFor('failed') });
    expect(new ApiFailure(420, 'server-notice', { title: '점검', msg: '곧 돌아와요' }).body).toEqual({
      data: 'server-notice',
      message: messageFor('server-notice'),
      title: '점검',
      msg: '곧 돌아와요',
    });
    expect(new ApiFailure(400, 'bad-request', { details }).body).toEqual({
      data: 'bad-request',
      message: messageFor('bad-request'),
      details,
    });
  });

  it('in the ad service becomes its own {code, msg} where the ad document declares it, else keeps the product shape', () => {
    expect(toAdError(400, new ApiFailure(400, 'bad-request', { details }).body)).toEqual({
      code: 'bad-request',
      msg: "/body/marketId must have required property 'marketId'",
    });
    expect(toAdError(500, new ApiFailure(500, 'internal').body)).toEqual({ code: 'internal', msg: messageFor('internal') });
    // The ad document declares neither 420 nor the product API's business codes: such a failure keeps its
    // shape, which the ad document does not declare either, so no scenario forces it there.
    const notice = new ApiFailure(420, 'server-notice', { msg: '곧 돌아와요' }).body;
    expect(toAdError(420, notice)).toBe(notice);
    const soldOut = new ApiFailure(400, 'out-of-stock').body;
    expect(toAdError(400, soldOut)).toBe(soldOut);
  });

  it('takes only codes of the catalogue: a misspelt one does not compile, and the contract refuses its body', () => {
    // @ts-expect-error 'out-of-stok' is not an ErrorCode
    const misspelt = badRequest('out-of-stok');
    // @ts-expect-error nor is 'not-fund'
    const thrown = new ApiFailure(404, 'not-fund');
    for (const failure of [misspelt, thrown]) expect(schemaErrors('ErrorBody', failure.body)).not.toEqual([]);
  });
});
