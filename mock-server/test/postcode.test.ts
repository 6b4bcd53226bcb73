// The postcode lookup of the app's postcode drawer (GET /__postcode/search): a deterministic book of
// Korean road addresses, searched by road name, district, neighbourhood or building, paged 20 at a time,
// with ErrorBody answers for a bad query; the msw adapter answers the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { createBrowserWorld, createMswHandlers } from '../src/doors/msw';
import { allPostcodeAddresses, POSTCODE_PAGE_SIZE, searchPostcodes, type PostcodeAddress } from '../src/pages/postcode';
import { startTestServer, type TestServer } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

const search = (query: Record<string, string>, headers: Record<string, string> = {}) =>
  srv.call('GET', '/__postcode/search', { query, headers, unchecked: true });

describe('the address book', () => {
  const book = allPostcodeAddresses();

  it('holds a few hundred distinct road addresses in Seoul, Gyeonggi and Busan', () => {
    expect(book.length).toBeGreaterThanOrEqual(300);
    expect(new Set(book.map((a) => a.roadAddress)).size).toBe(book.length);
    expect(new Set(book.map((a) => a.sido))).toEqual(new Set(['서울특별시', '경기도', '부산광역시']));
  });

  it('is the same on every build (deterministic), in region, road and building-number order', () => {
    expect(allPostcodeAddresses()).toEqual(book);
    const numberOf = (a: PostcodeAddress) => Number(a.roadAddress.split(' ').at(-1));
    for (let i = 1; i < book.length; i++) {
      const [a, b] = [book[i - 1]!, book[i]!];
      if (a.sigungu === b.sigungu && a.roadname === b.roadname) expect(numberOf(a)).toBeLessThan(numberOf(b));
    }
  });

  it('every entry is well formed: 5-digit zonecode, road address of its parts, jibun address in the same district', () => {
    for (const a of book) {
      expect(a.zonecode).toMatch(/^\d{5}$/);
      expect(a.address).toBe(a.roadAddress);
      expect(a.addressType).toBe('R');
      expect(a.roadAddress).toMatch(new RegExp(`^${a.sido} ${a.sigungu} ${a.roadname} [1-9]\\d*$`));
      expect(a.jibunAddress).toMatch(new RegExp(`^${a.sido} ${a.sigungu} ${a.bname} \\d+(-\\d+)?$`));
      expect(['Y', 'N']).toContain(a.apartment);
      // Seoul codes start 01-09, Gyeonggi 10-18, Busan 46-49.
      const area = Number(a.zonecode.slice(0, 2));
      if (a.sido === '서울특별시') expect(area).toBeLessThan(10);
      if (a.sido === '경기도') expect(area >= 10 && area <= 18).toBe(true);
      if (a.sido === '부산광역시') expect(area >= 46 && area <= 49).toBe(true);
    }
  });

  it('knows the addresses the fixtures use, with their zonecodes', () => {
    expect(searchPostcodes('와우산로 94').list).toEqual([
      expect.objectContaining({ zonecode: '04066', roadAddress: '서울특별시 마포구 와우산로 94' }),
    ]);
    expect(searchPostcodes('판교역로 235').list[0]).toMatchObject({ zonecode: '13494' });
  });
});

describe('searching', () => {
  it('by road name: every address on that road', () => {
    const { list, paging } = searchPostcodes('테헤란로');
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((a) => a.roadname === '테헤란로')).toBe(true);
    expect(paging).toEqual({ dataCnt: list.length, page: 1, pageCnt: 1 });
  });

  it('by district words, all of which must match', () => {
    const { list } = searchPostcodes('부산 해운대구');
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((a) => a.sido === '부산광역시' && a.sigungu === '해운대구')).toBe(true);
  });

  it('by neighbourhood and by building name', () => {
    expect(searchPostcodes('성수동').list.every((a) => a.jibunAddress.includes('성수동'))).toBe(true);
    const named = allPostcodeAddresses().find((a) => a.buildingName !== '' && a.apartment === 'Y')!;
    expect(searchPostcodes(named.buildingName).list).toContainEqual(named);
  });

  it('a number is a whole building or lot number: "<road> <n>" finds that building and no other number (94 is not 194)', () => {
    const book = allPostcodeAddresses();
    // The property must be able to fail: some road holds a number written inside another one.
    expect(
      book.some((a) =>
        book.some(
          (b) => a !== b && a.roadname === b.roadname && b.roadAddress.split(' ').at(-1)!.includes(a.roadAddress.split(' ').at(-1)!),
        ),
      ),
    ).toBe(true);
    for (const address of book) {
      const number = address.roadAddress.split(' ').at(-1)!;
      const { list } = searchPostcodes(`${address.sigungu} ${address.roadname} ${number}`);
      expect(list).toContainEqual(address);
      const lotOf = (a: PostcodeAddress) => a.jibunAddress.split(' ').at(-1)!;
      const hasNumber = (a: PostcodeAddress) =>
        a.roadAddress.endsWith(` ${number}`) || lotOf(a) === number || lotOf(a).split('-')[0] === number;
      expect(list.every((a) => a.roadname === address.roadname && hasNumber(a))).toBe(true);
    }
  });

  it('pages 20 at a time; a page after the last is empty', () => {
    const first = searchPostcodes('서울');
    expect(first.list).toHaveLength(POSTCODE_PAGE_SIZE);
    expect(first.paging.pageCnt).toBe(Math.ceil(first.paging.dataCnt / POSTCODE_PAGE_SIZE));
    const second = searchPostcodes('서울', 2);
    expect(second.list[0]).not.toEqual(first.list[0]);
    const all = Array.from({ length: first.paging.pageCnt }, (_, i) => searchPostcodes('서울', i + 1).list).flat();
    expect(all).toHaveLength(first.paging.dataCnt);
    expect(searchPostcodes('서울', first.paging.pageCnt + 1).list).toEqual([]);
  });

  it('nothing matching gives an empty first page', () => {
    expect(searchPostcodes('없는도로명길')).toEqual({ list: [], paging: { dataCnt: 0, page: 1, pageCnt: 0 } });
  });
});

describe('GET /__postcode/search', () => {
  it('answers {data: {list, paging}} for a query and a page', async () => {
    const res = await search({ q: '  성수이로 ', page: '1' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toEqual({ data: searchPostcodes('성수이로', 1) });
  });

  it('lets the app at another origin read it (CORS)', async () => {
    const res = await search({ q: '성수이로' }, { origin: 'http://127.0.0.1:5173' });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
  });

  it.each([
    [{}, '/query/q'],
    [{ q: '   ' }, '/query/q'],
    [{ q: '로' }, '/query/q'],
    [{ q: '가'.repeat(81) }, '/query/q'],
    [{ q: '성수이로', page: '0' }, '/query/page'],
    [{ q: '성수이로', page: 'two' }, '/query/page'],
    [{ q: '성수이로', page: '1001' }, '/query/page'],
  ])('a bad query %j is bad-request in the ErrorBody shape', async (query, path) => {
    const res = await search(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      data: 'bad-request',
      message: expect.any(String) as unknown,
      details: [{ path, message: expect.any(String) as unknown }],
    });
  });

  it('the msw adapter (component tests, in-browser mock) answers exactly the same', async () => {
    const base = 'http://msw-postcode.test';
    const msw = setupServer(...createMswHandlers({ baseUrl: base, world: createBrowserWorld(1, 0.1) }));
    msw.listen({ onUnhandledRequest: 'bypass' });
    try {
      const queries: Record<string, string>[] = [{ q: '해운대로', page: '1' }, { q: '로' }, { q: '서울', page: '3' }];
      for (const query of queries) {
        const url = new URL('/__postcode/search', base);
        for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
        const res = await fetch(url);
        const express = await search(query);
        expect(res.status).toBe(express.status);
        expect(await res.json()).toEqual(express.body);
      }
    } finally {
      msw.close();
    }
  });
});
