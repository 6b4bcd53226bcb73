// Compile-time checks of the typed clients, run by `tsc -p .` (the typecheck script), not by vitest: a call
// that breaks the contract must not compile, and a correct one must. Each @ts-expect-error line fails the
// typecheck if that line ever compiles.
import { expectTypeOf } from 'vitest';
import {
  call,
  ERROR_CODES,
  resolveError,
  type AdClient,
  type AdResponse,
  type ApiClient,
  type ApiError,
  type ApiErrorCode,
  type ErrorBody,
  type ErrorCode,
  type Schemas,
} from '../../src/index';

declare const api: ApiClient;
declare const ads: AdClient;

const cartLine = { _id: '6650f1c2a9d3e4b5c6d7e101', option: '핑크', amount: 2 };
const addToCart = { marketId: '6650f1c2a9d3e4b5c6d7e001', seller: 'mallang_studio', productList: [cartLine] };

export async function correctCallsCompile() {
  expectTypeOf(await api.get('/user/me')).toEqualTypeOf<Schemas['Me']>();
  expectTypeOf(await call(api.raw.GET('/user/me'))).toEqualTypeOf<Schemas['Me']>();
  expectTypeOf(await api.post('/cart/add/common', { body: addToCart })).toEqualTypeOf<Schemas['CartEntry']>();
  expectTypeOf(await api.get('/receipt/get/{publicId}', { params: { path: { publicId: '261121000123' } } })).toEqualTypeOf<
    Schemas['ReceiptDetail']
  >();
  const page = await api.get('/common/v2/search-product', { params: { query: { keyword: '키링', page: 2 } } });
  expectTypeOf(page.paging).toEqualTypeOf<Schemas['SearchPaging']>();
  // GET and POST of the same path are told apart.
  await api.get('/room/pin');
  expectTypeOf(await ads.requestAd({ unit: 'home-top30-native', uid: 'u-1', pf: 'ios', lcl: 'ko_KR' })).toEqualTypeOf<AdResponse>();
  expectTypeOf<AdResponse['code']>().toEqualTypeOf<number>();
}

export async function wrongCallsDoNotCompile() {
  // Wrong field type.
  // @ts-expect-error amount is a number
  await api.post('/cart/add/common', { body: { ...addToCart, productList: [{ ...cartLine, amount: '2' }] } });
  // Missing required field.
  // @ts-expect-error seller is required
  await api.post('/cart/add/common', { body: { marketId: addToCart.marketId, productList: [cartLine] } });
  // Missing body.
  // @ts-expect-error the body is required
  await api.post('/cart/add/common');
  // Unknown path.
  // @ts-expect-error no such path
  await api.get('/user/you');
  // Wrong method: /user/me is GET only, /cart/add/common is POST only.
  // @ts-expect-error no POST /user/me
  await api.post('/user/me');
  // @ts-expect-error no GET /cart/add/common
  await api.get('/cart/add/common');
  // Missing path parameter.
  // @ts-expect-error publicId is required
  await api.get('/receipt/get/{publicId}');
  // Missing required query parameter, and a wrong query type.
  // @ts-expect-error keyword is required
  await api.get('/common/v2/search-product', { params: { query: { page: 1 } } });
  // @ts-expect-error page is a number
  await api.get('/common/v2/search-product', { params: { query: { keyword: '키링', page: 'two' } } });
  // The payload is typed: no such field on Me.
  const me = await api.get('/user/me');
  // @ts-expect-error Me has no field `email` at the top level
  void me.email;
  // The ad service's platform is an enum.
  // @ts-expect-error pf is web | ios | android
  await ads.requestAd({ unit: 'home-top30-native', uid: 'u-1', pf: 'windows', lcl: 'ko_KR' });
}

export function apiErrorFields(error: ApiError) {
  expectTypeOf(error.status).toEqualTypeOf<number>();
  expectTypeOf(error.code).toEqualTypeOf<ApiErrorCode>();
  expectTypeOf(error.list).toEqualTypeOf<Schemas['ErrorListItem'][] | undefined>();
  expectTypeOf(error.title).toEqualTypeOf<string | undefined>();
}

export function errorCodesAreOneType(error: ApiError) {
  // The sdk's list is the contract's set of codes, and every error body's `data` names one of them.
  expectTypeOf<(typeof ERROR_CODES)[number]>().toEqualTypeOf<ErrorCode>();
  expectTypeOf<Extract<ErrorBody['data'], string>>().toEqualTypeOf<
    Exclude<ErrorCode, 'stock-shortage' | 'market-schedule' | 'deleted-product' | 'failed'>
  >();
  expectTypeOf<Extract<ErrorBody['data'], object>['code']>().toEqualTypeOf<
    'stock-shortage' | 'market-schedule' | 'deleted-product' | 'failed'
  >();
  const known: ErrorCode = 'out-of-stock';
  // @ts-expect-error a misspelt code is not an ErrorCode
  const misspelt: ErrorCode = 'out-of-stok';
  // @ts-expect-error comparing an error's code with a misspelt one does not compile
  const compared = error.code === 'out-of-stok';
  // @ts-expect-error nor does resolving a misspelt code
  resolveError({ status: 400, code: 'out-of-stok' });
  // @ts-expect-error an error body with the code outside `data` is not the contract's
  const legacy: ErrorBody = { code: 'out-of-stock', message: '품절된 물품이 있어요' };
  return [known, misspelt, compared, legacy];
}
