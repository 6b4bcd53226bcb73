// The error normaliser against the contract: every ErrorBody the contract allows (each drawn body is first
// checked against the bundled contract's schema) becomes the ApiError it describes, and anything else falls
// back to the status's code without throwing or passing on fields of the wrong shape.
import { fc, test } from '@fast-check/vitest';
import { schemaErrors } from '@creator-market/openapi/schemas';
import { describe, expect, it } from 'vitest';
import { codeForStatus, ERROR_CODES, LIST_ERROR_CODES, readErrorBody, type ErrorBody, type ErrorCode } from '../../src/index';
import { httpError } from '../../src/client/errors';

const request = { method: 'POST', url: 'http://api.test/receipt/insert' };
const status = fc.integer({ min: 400, max: 599 });
const message = fc.string({ maxLength: 40 });

type PlainCode = Extract<ErrorBody['data'], string>;
const OWN_SHAPE = new Set<ErrorCode>([...LIST_ERROR_CODES, 'server-notice', 'bad-request']);
const plainCodes = ERROR_CODES.filter((code): code is Exclude<PlainCode, 'server-notice' | 'bad-request'> => !OWN_SHAPE.has(code));

const listItem = fc.record(
  { _id: fc.string({ maxLength: 24 }), title: fc.string({ maxLength: 20 }), option: fc.string({ maxLength: 10 }), available: fc.nat() },
  { requiredKeys: ['_id', 'title'] },
);
const detail = fc.record({ path: fc.string({ maxLength: 20 }), message: fc.string({ maxLength: 20 }) });

/** Every shape of the contract's ErrorBody. */
const errorBody: fc.Arbitrary<ErrorBody> = fc.oneof(
  fc.record({ data: fc.constantFrom(...plainCodes), message }),
  fc.record({ data: fc.record({ code: fc.constantFrom(...LIST_ERROR_CODES), list: fc.array(listItem, { maxLength: 3 }) }), message }),
  fc.record({ data: fc.constant('server-notice' as const), message, title: message, msg: message }),
  fc.record(
    { data: fc.constant('bad-request' as const), message, details: fc.array(detail, { maxLength: 3 }) },
    { requiredKeys: ['data', 'message'] },
  ),
);

const codeOf = (body: ErrorBody): ErrorCode => (typeof body.data === 'string' ? body.data : body.data.code);
const orUndefined = (text: unknown) => (typeof text === 'string' && text !== '' ? text : undefined);

describe('an error body of the contract', () => {
  test.prop([status, errorBody])('becomes the ApiError it describes', (httpStatus, body) => {
    expect(schemaErrors('ErrorBody', body)).toEqual([]);
    const error = httpError(httpStatus, 'Bad', JSON.stringify(body), request);
    expect(error.status).toBe(httpStatus);
    expect(error.code).toBe(codeOf(body));
    expect(error.message).toBe(body.message || `HTTP ${httpStatus} Bad`);
    expect(error.list).toEqual(typeof body.data === 'object' ? body.data.list : undefined);
    expect(error.title).toBe('title' in body ? orUndefined(body.title) : undefined);
    expect(error.msg).toBe('msg' in body ? orUndefined(body.msg) : undefined);
    expect(error.details).toEqual('details' in body ? body.details : undefined);
  });

  it('reads the four shapes of SPEC.md sections 7-8', () => {
    const list = [{ _id: '6650f1c2a9d3e4b5c6d7e801', title: '말랑 곰돌이 키링', option: '핑크', available: 2 }];
    expect(readErrorBody({ data: 'out-of-stock', message: '품절된 물품이 있어요' })).toEqual({
      code: 'out-of-stock',
      message: '품절된 물품이 있어요',
    });
    expect(readErrorBody({ data: { code: 'stock-shortage', list }, message: '재고 부족' })).toEqual({
      code: 'stock-shortage',
      list,
      message: '재고 부족',
    });
    expect(readErrorBody({ data: 'server-notice', title: '점검', msg: '02:00~04:00', message: '점검' })).toEqual({
      code: 'server-notice',
      title: '점검',
      msg: '02:00~04:00',
      message: '점검',
    });
    const details = [{ path: '/body/marketId', message: "must have required property 'marketId'" }];
    expect(readErrorBody({ data: 'bad-request', message: '형식', details })).toEqual({ code: 'bad-request', message: '형식', details });
  });
});

describe('a body the contract does not allow', () => {
  /** A known code where `data` would carry it: a string, or an object naming a list code. */
  const namesKnownCode = (value: unknown) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const data = (value as { data?: unknown }).data;
    if (typeof data === 'string') return (ERROR_CODES as readonly string[]).includes(data);
    const code = typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : undefined;
    return (LIST_ERROR_CODES as readonly unknown[]).includes(code);
  };

  test.prop([status, fc.oneof(fc.jsonValue(), fc.record({ data: fc.jsonValue(), message: fc.jsonValue() }, { requiredKeys: [] }))])(
    'never throws; without a known code in `data` the code is the status’s, and what it keeps has the contract’s shape',
    (httpStatus, value) => {
      const error = httpError(httpStatus, '', JSON.stringify(value), request);
      if (!namesKnownCode(value)) expect(error.code).toBe(codeForStatus(httpStatus));
      else expect(ERROR_CODES).toContain(error.code);
      for (const item of error.list ?? []) expect(schemaErrors('ErrorListItem', item)).toEqual([]);
      expect(typeof error.message).toBe('string');
      if (error.title !== undefined || error.msg !== undefined) expect(error.code).toBe('server-notice');
      if (error.details !== undefined) expect(error.code).toBe('bad-request');
    },
  );

  test.prop([status, errorBody])('the code outside `data` (the old `{code, message}` shape) is not read', (httpStatus, body) => {
    const { data, ...rest } = body;
    const legacy = { code: typeof data === 'string' ? data : data.code, ...(typeof data === 'object' && { list: data.list }), ...rest };
    expect(schemaErrors('ErrorBody', legacy)).not.toEqual([]);
    const error = httpError(httpStatus, '', JSON.stringify(legacy), request);
    expect(error.code).toBe(codeForStatus(httpStatus));
    expect(error.list).toBeUndefined();
  });

  it('an unknown code, a list with items of the wrong shape, fields of another code: left out', () => {
    expect(readErrorBody({ data: 'out-of-stok', message: 'x' })).toEqual({ message: 'x' });
    expect(readErrorBody({ data: { code: 'out-of-stock', list: [] } })).toEqual({});
    expect(readErrorBody({ data: { code: 'stock-shortage', list: [{ _id: 1, title: 'x' }] } })).toEqual({ code: 'stock-shortage' });
    expect(readErrorBody({ data: { code: 'failed', list: [{ _id: 'a', title: 'x', price: 1 }] } })).toEqual({ code: 'failed' });
    expect(readErrorBody({ data: 'out-of-stock', title: 't', msg: 'm', details: [] })).toEqual({ code: 'out-of-stock' });
    expect(readErrorBody({ data: 'bad-request', details: [{ path: '/a' }] })).toEqual({ code: 'bad-request' });
    // A list code sent as a plain string is still that error, with no items to show.
    expect(readErrorBody({ data: 'deleted-product' })).toEqual({ code: 'deleted-product' });
    expect(readErrorBody([{ data: 'out-of-stock' }])).toEqual({});
    expect(readErrorBody(null)).toEqual({});
  });
});
