import { describe, expect, it } from 'vitest';
import { assertResponse, ContractError, responseViolations, validateResponse } from '../src/contract';
import { adsDocument, productDocument, type OpenApiDocument } from '../src/index';
import shopJson from './fixtures/shop.bundled.json' with { type: 'json' };

const shop = shopJson as unknown as OpenApiDocument;

const item = {
  _id: '6650f1c2a9d3e4b5c6d7e801',
  title: '말랑 곰돌이 키링',
  price: 12000,
  status: 1,
  createdAt: '2026-11-21T10:00:00.000Z',
};

describe('validateResponse on the shop fixture', () => {
  it('passes good bodies, by operationId or by method and concrete path', () => {
    expect(validateResponse({ operationId: 'listItems' }, 200, { data: [item, { ...item, tags: ['new'] }] }, shop)).toEqual({
      valid: true,
      errors: [],
    });
    expect(validateResponse({ method: 'GET', path: '/item/get/6650f1c2a9d3e4b5c6d7e801' }, 200, { data: item }, shop).valid).toBe(true);
    expect(
      validateResponse({ method: 'post', path: 'http://127.0.0.1:4010/order/add?retry=1' }, 200, { data: '261121000123' }, shop).valid,
    ).toBe(true);
  });

  it('follows response refs to shared components', () => {
    expect(validateResponse({ operationId: 'addOrder' }, 401, { code: 'unauthorized', message: '로그인이 필요해요.' }, shop).valid).toBe(
      true,
    );
    expect(validateResponse({ operationId: 'addOrder' }, 400, { code: 'bad-request' }, shop)).toEqual({
      valid: false,
      errors: ["body is missing required property 'message'"],
    });
  });

  it('reports a missing required field with its location', () => {
    const { title: _dropped, ...withoutTitle } = item;
    expect(validateResponse({ operationId: 'listItems' }, 200, { data: [item, withoutTitle] }, shop).errors).toEqual([
      "body.data[1] is missing required property 'title'",
    ]);
  });

  it('reports an extra property on a closed object', () => {
    expect(validateResponse({ operationId: 'getItem' }, 200, { data: { ...item, stock: 3 } }, shop).errors).toEqual([
      "body.data has unexpected property 'stock'",
    ]);
    expect(validateResponse({ operationId: 'getItem' }, 200, { data: item, meta: {} }, shop).errors).toEqual([
      "body has unexpected property 'meta'",
    ]);
  });

  it('reports a wrong type', () => {
    expect(validateResponse({ operationId: 'getItem' }, 200, { data: { ...item, price: '12000' } }, shop).errors).toEqual([
      'body.data.price must be integer (got string "12000")',
    ]);
    expect(validateResponse({ operationId: 'listItems' }, 200, { data: null }, shop).errors).toEqual([
      'body.data must be array (got null null)',
    ]);
  });

  it('reports a value outside the enum, a broken format and a broken pattern', () => {
    const result = validateResponse(
      { operationId: 'getItem' },
      200,
      { data: { ...item, status: 7, createdAt: '2026-11-21 10:00', _id: 'x' } },
      shop,
    );
    expect(result.valid).toBe(false);
    expect(result.errors).toContain('body.data.status must be one of 0, 1, 2 (got 7)');
    expect(result.errors).toContain('body.data.createdAt must be a date-time string (got "2026-11-21 10:00")');
    expect(result.errors).toContain('body.data._id must match pattern "^[0-9a-f]{24}$"');
  });

  it('uses a range response (4XX) when the exact status is not declared', () => {
    expect(validateResponse({ operationId: 'getItem' }, 404, { code: 'not-found', message: '찾을 수 없어요.' }, shop).valid).toBe(true);
    expect(validateResponse({ operationId: 'getItem' }, 404, { code: 404, message: '찾을 수 없어요.' }, shop).errors).toEqual([
      'body.code must be string (got number 404)',
    ]);
  });

  it('treats an undeclared status as an error, not a pass', () => {
    expect(validateResponse({ operationId: 'listItems' }, 500, { code: 'internal', message: 'x' }, shop)).toEqual({
      valid: false,
      errors: ['listItems declares no response for status 500 (declared: 200, 400)'],
    });
  });

  it('treats an unknown operation as an error, not a pass', () => {
    expect(validateResponse({ operationId: 'deleteItem' }, 200, {}, shop)).toEqual({
      valid: false,
      errors: ["unknown operation: operationId 'deleteItem' is not in shop fixture"],
    });
    expect(validateResponse({ method: 'DELETE', path: '/item/list' }, 200, {}, shop).errors).toEqual([
      'unknown operation: DELETE /item/list is not in shop fixture',
    ]);
    expect(validateResponse({ method: 'GET', path: '/item/get/1/extra' }, 200, {}, shop).valid).toBe(false);
  });

  it('assertResponse throws a ContractError listing every mismatch, and returns quietly on a match', () => {
    expect(() => assertResponse({ operationId: 'getItem' }, 200, { data: item }, shop)).not.toThrow();
    let thrown: unknown;
    try {
      assertResponse({ method: 'GET', path: '/item/get/1' }, 200, { data: { ...item, price: -1, extra: true } }, shop);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ContractError);
    expect((thrown as ContractError).errors).toEqual(["body.data has unexpected property 'extra'", 'body.data.price must be >= 0']);
    expect((thrown as ContractError).message).toBe(
      "Response 200 of GET /item/get/1 breaks the contract:\n  - body.data has unexpected property 'extra'\n  - body.data.price must be >= 0",
    );
  });

  it('reports a schema that cannot compile (a $ref to nowhere) as an error', () => {
    const broken = structuredClone(shop);
    const okSchema = broken.paths?.['/order/add']?.post?.responses?.['200'];
    if (!okSchema || '$ref' in okSchema) throw new Error('fixture changed');
    okSchema.content = { 'application/json': { schema: { $ref: '#/components/schemas/Missing' } } };
    const result = validateResponse({ operationId: 'addOrder' }, 200, { data: '261121000123' }, broken);
    expect(result.valid).toBe(false);
    expect(result.errors[0]).toMatch(/^addOrder 200: its schema does not compile: can't resolve reference #\/components\/schemas\/Missing/);
  });

  it('truncates long values in messages', () => {
    const result = validateResponse({ operationId: 'listItems' }, 200, { data: { note: 'x'.repeat(200) } }, shop);
    expect(result.errors).toEqual([`body.data must be array (got object {"note":"${'x'.repeat(68)}...)`]);
  });

  it('compiles each schema once per document (a second check gives the same answer from the cache)', () => {
    const bad = { data: { ...item, status: 9 } };
    const first = validateResponse({ operationId: 'getItem' }, 200, bad, shop);
    const second = validateResponse({ method: 'get', path: '/item/get/abc' }, 200, bad, shop);
    expect(second).toEqual(first);
  });
});

describe('validateResponse on the product document', () => {
  const device = { name: 'Galaxy S24', os: 'android', deviceToken: 'fcm:dGVzdC1kZXZpY2UtdG9rZW4tMDAx' };

  it('is the default document', () => {
    expect(validateResponse({ operationId: 'listDevices' }, 200, { data: [device] })).toEqual({ valid: true, errors: [] });
    expect(validateResponse({ method: 'GET', path: '/device' }, 401, { data: 'unauthorized', message: '로그인이 필요해요.' }).valid).toBe(
      true,
    );
    expect(validateResponse({ operationId: 'listDevices' }, 200, { data: [device] }, productDocument).valid).toBe(true);
  });

  it('catches a missing field, an extra property, a wrong type and a wrong enum', () => {
    const { os: _os, ...withoutOs } = device;
    expect(validateResponse({ operationId: 'addDevice' }, 200, { data: [withoutOs] }).errors).toEqual([
      "body.data[0] is missing required property 'os'",
    ]);
    expect(validateResponse({ operationId: 'addDevice' }, 200, { data: [{ ...device, model: 'x' }] }).errors).toEqual([
      "body.data[0] has unexpected property 'model'",
    ]);
    expect(validateResponse({ operationId: 'listDevices' }, 200, { data: { os: 'ios' } }).errors).toEqual([
      'body.data must be array (got object {"os":"ios"})',
    ]);
    expect(validateResponse({ operationId: 'listDevices' }, 200, { data: [{ ...device, os: 'windows' }] }).errors).toEqual([
      'body.data[0].os must be one of "ios", "android" (got "windows")',
    ]);
  });

  it('checks error bodies against ErrorBody (the code in `data`, closed, each code in its own shape)', () => {
    const notice = { data: 'server-notice', message: '서버 점검 안내', title: '서버 점검 안내', msg: '곧 돌아올게요.' };
    expect(validateResponse({ operationId: 'listDevices' }, 420, notice).valid).toBe(true);
    const list = [{ _id: '6650f1c2a9d3e4b5c6d7e801', title: '말랑 곰돌이 키링', option: '핑크', available: 2 }];
    expect(
      validateResponse({ operationId: 'insertReceipt' }, 400, { data: { code: 'stock-shortage', list }, message: '재고 부족' }).valid,
    ).toBe(true);
    expect(validateResponse({ operationId: 'insertReceipt' }, 400, { data: 'out-of-stock', message: '품절' }).valid).toBe(true);
    // Refused: an extra field, the code outside `data`, a list code without its list, a plain code with a list,
    // a 420 without its title, a code the catalogue lacks, and a code the operation does not list.
    for (const [status, body] of [
      [504, { data: 'gateway-timeout', message: 'x', retry: true }],
      [400, { code: 'out-of-stock', message: '품절' }],
      [400, { data: 'stock-shortage', message: '재고 부족' }],
      [400, { data: { code: 'out-of-stock', list }, message: '품절' }],
      [420, { data: 'server-notice', message: '점검', msg: '곧' }],
      [400, { data: 'out-of-stok', message: '품절' }],
      [400, { data: 'limit-cart', message: '장바구니가 꽉 찼어요' }],
    ] as const) {
      expect(validateResponse({ operationId: 'insertReceipt' }, status, body).valid, JSON.stringify(body)).toBe(false);
    }
  });

  it('rejects a status the operation does not declare', () => {
    const result = validateResponse({ operationId: 'listDevices' }, 418, { data: 'teapot', message: 'x' });
    expect(result.valid).toBe(false);
    expect(result.errors[0]).toMatch(/^listDevices declares no response for status 418 \(declared: .*200.*\)$/);
  });

  it("checks a receipt (built from the schemas' own examples) by concrete URL", () => {
    const schemas = productDocument.components?.schemas as Record<string, { example?: unknown; required?: string[] }>;
    const receipt = schemas.Receipt?.example as Record<string, unknown>;
    const detail = { marketInfo: schemas.Market?.example, sellerInfo: schemas.CreatorProfile?.example, receiptInfo: receipt };
    const target = { method: 'GET', path: '/receipt/get/261121000123' };
    expect(validateResponse(target, 200, { data: detail })).toEqual({ valid: true, errors: [] });

    const { publicId: _publicId, ...withoutPublicId } = receipt;
    expect(validateResponse(target, 200, { data: { ...detail, receiptInfo: withoutPublicId } }).errors).toEqual([
      "body.data.receiptInfo is missing required property 'publicId'",
    ]);
    expect(validateResponse(target, 200, { data: { ...detail, receiptInfo: { ...receipt, discount: 0 } } }).errors).toEqual([
      "body.data.receiptInfo has unexpected property 'discount'",
    ]);
    expect(validateResponse(target, 200, { data: { ...detail, receiptInfo: { ...receipt, totalPrice: '20500' } } }).errors).toEqual([
      'body.data.receiptInfo.totalPrice must be integer (got string "20500")',
    ]);
    const status = [{ ...(receipt.status as Record<string, unknown>[])[0], status: 2 }];
    expect(validateResponse(target, 200, { data: { ...detail, receiptInfo: { ...receipt, status } } }).errors).toContain(
      'body.data.receiptInfo.status[0].status must be one of 0, 1, 3, 4, 10, 11, 99 (got 2)',
    );
    expect(validateResponse(target, 409, { code: 'conflict', message: 'x' }).valid).toBe(false);
  });

  it('accepts every JSON example the documents give for a response', () => {
    let checked = 0;
    for (const document of [productDocument, adsDocument]) {
      for (const [path, item] of Object.entries(document.paths ?? {})) {
        for (const [method, operation] of Object.entries(item)) {
          if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
          for (const [status, response] of Object.entries(operation.responses ?? {})) {
            if (!/^\d{3}$/.test(status)) continue;
            const resolved =
              '$ref' in response ? document.components?.responses?.[response.$ref.replace('#/components/responses/', '')] : response;
            const media = resolved && !('$ref' in resolved) ? resolved.content?.['application/json'] : undefined;
            const examples = [
              ...(media?.example === undefined ? [] : [media.example]),
              ...Object.values(media?.examples ?? {}).map((example) => (example as { value?: unknown }).value),
            ];
            for (const example of examples) {
              checked += 1;
              expect(validateResponse({ method, path }, Number(status), example, document), `${method} ${path} ${status}`).toEqual({
                valid: true,
                errors: [],
              });
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe('responseViolations (the conformance kit and the proxy)', () => {
  const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

  it('is empty for a conforming answer', () => {
    expect(responseViolations({ operationId: 'listItems' }, 200, JSON_TYPE, { data: [item] }, shop)).toEqual([]);
  });

  it('names each violation by a JSON pointer with the offending value', () => {
    const { title: _dropped, ...withoutTitle } = item;
    expect(
      responseViolations({ operationId: 'listItems' }, 200, JSON_TYPE, { data: [{ ...item, price: '12000' }, withoutTitle] }, shop),
    ).toEqual([
      { where: '/data/0/price', message: expect.stringContaining('must be') as string, value: '12000' },
      { where: '/data/1/title', message: "body.data[1] is missing required property 'title'" },
    ]);
    expect(responseViolations({ operationId: 'listItems' }, 200, JSON_TYPE, { data: [{ ...item, extra: 1 }] }, shop)).toEqual([
      { where: '/data/0/extra', message: "body.data[0] has unexpected property 'extra'", value: 1 },
    ]);
  });

  it('reports an undeclared status and a media type the response does not declare', () => {
    expect(responseViolations({ operationId: 'listItems' }, 418, JSON_TYPE, {}, shop)).toEqual([
      { where: 'status', message: expect.stringContaining('declares no response for status 418') as string, value: 418 },
    ]);
    expect(responseViolations({ operationId: 'listItems' }, 200, { 'content-type': 'text/plain' }, 'ok', shop)).toEqual([
      { where: 'content-type', message: 'listItems 200 declares application/json', value: 'text/plain' },
    ]);
    expect(responseViolations({ operationId: 'listItems' }, 200, {}, { data: [] }, shop)[0]?.where).toBe('content-type');
  });

  it('reports a header the response declares required and the answer lacks', () => {
    expect(
      responseViolations({ operationId: 'signInWithKakao' }, 302, { location: 'https://creator-market.kr/auth/kakao?token=x' }, undefined),
    ).toEqual([]);
    expect(responseViolations({ operationId: 'signInWithKakao' }, 302, {}, undefined)).toEqual([
      { where: 'header:location', message: 'signInWithKakao 302 requires the location header' },
    ]);
  });

  it('checks only the media type of a page (text/html)', () => {
    expect(
      responseViolations({ operationId: 'signInWithKakao' }, 200, { 'content-type': 'text/html; charset=utf-8' }, '<html></html>'),
    ).toEqual([]);
    expect(responseViolations({ operationId: 'signInWithKakao' }, 200, JSON_TYPE, {})[0]?.where).toBe('content-type');
  });
});
