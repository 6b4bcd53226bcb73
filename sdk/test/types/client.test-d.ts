// Compile-time checks of the typed clients, run by `tsc -p .` (the typecheck script), not by vitest: a call
// that breaks the contract must not compile, and a correct one must. Each @ts-expect-error line fails the
// typecheck if that line ever compiles.
import { expectTypeOf } from 'vitest';
import { call, type AdClient, type AdResponse, type ApiClient, type ApiError, type Schemas } from '../../src/index';

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
  expectTypeOf(error.code).toEqualTypeOf<string>();
  expectTypeOf(error.list).toEqualTypeOf<Schemas['ErrorListItem'][] | undefined>();
  expectTypeOf(error.title).toEqualTypeOf<string | undefined>();
}
