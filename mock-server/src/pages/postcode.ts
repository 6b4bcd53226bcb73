// The postcode lookup behind the app's postcode drawer. The real product embeds a postcode widget from a
// CDN that cannot be reached here, so the app's widget adapter asks this instead:
// GET /__postcode/search?q=<query>&page=<n> → {data: {list: PostcodeAddress[], paging: {dataCnt, page, pageCnt}}}
// (the search paging of the API, 20 a page). Errors are the shared ErrorBody (`bad-request` with details).
//
// The address book is a few hundred Korean road addresses generated deterministically (no randomness
// between runs) from Seoul, Gyeonggi and Busan districts, their neighbourhoods and real road names, with
// building numbers, building names and 5-digit zonecodes in each district's range, plus the landmark
// addresses the fixtures' personas and the company footer use. It is not part of any world: the same for
// every caller. Browser-safe (the msw adapter serves it too).
import { jsonAnswer } from '../http/exchange';
import { ApiFailure, type ErrorBody } from '../http/failure';
import type { Route } from '../http/routes';
import { hashText } from '../world/home-lists';

export const POSTCODE_SEARCH_PATH = '/__postcode/search';
export const POSTCODE_PAGE_SIZE = 20;
export const POSTCODE_QUERY_MIN_LENGTH = 2;
export const POSTCODE_QUERY_MAX_LENGTH = 80;
const MAX_PAGE = 1000;

/** One address, with the fields of the postcode widget's `oncomplete` data that the app reads. */
export interface PostcodeAddress {
  /** New 5-digit postal code (국가기초구역번호). */
  zonecode: string;
  /** The address the widget hands over by default: the road address. */
  address: string;
  /** 'R' road address (this lookup gives only road addresses). */
  addressType: 'R';
  roadAddress: string;
  jibunAddress: string;
  /** Empty when the building has no name. */
  buildingName: string;
  /** 'Y' for an apartment complex. */
  apartment: 'Y' | 'N';
  sido: string;
  sigungu: string;
  /** Legal neighbourhood (법정동). */
  bname: string;
  roadname: string;
}

export interface PostcodeSearchResult {
  list: PostcodeAddress[];
  paging: { dataCnt: number; page: number; pageCnt: number };
}

// ---------------------------------------------------------------- the address book

interface District {
  sido: string;
  sigungu: string;
  /** First zonecode of the district's range (each district owns a few hundred codes). */
  zonecode: number;
  dongs: readonly string[];
  roads: readonly string[];
}

const DISTRICTS: readonly District[] = [
  {
    sido: '서울특별시',
    sigungu: '마포구',
    zonecode: 3900,
    dongs: ['서교동', '합정동', '망원동', '연남동', '상수동'],
    roads: ['와우산로', '양화로', '독막로', '월드컵로', '망원로', '성미산로'],
  },
  {
    sido: '서울특별시',
    sigungu: '서대문구',
    zonecode: 3630,
    dongs: ['신촌동', '연희동', '창천동', '대현동'],
    roads: ['연세로', '연희로', '신촌로', '이화여대길'],
  },
  {
    sido: '서울특별시',
    sigungu: '종로구',
    zonecode: 3000,
    dongs: ['삼청동', '혜화동', '청운동', '명륜동'],
    roads: ['율곡로', '자하문로', '대학로', '삼청로'],
  },
  {
    sido: '서울특별시',
    sigungu: '성동구',
    zonecode: 4700,
    dongs: ['성수동1가', '성수동2가', '행당동', '왕십리동'],
    roads: ['성수이로', '왕십리로', '뚝섬로', '아차산로'],
  },
  {
    sido: '서울특별시',
    sigungu: '용산구',
    zonecode: 4300,
    dongs: ['이태원동', '한남동', '효창동', '한강로동'],
    roads: ['한강대로', '이태원로', '녹사평대로', '효창원로'],
  },
  {
    sido: '서울특별시',
    sigungu: '강남구',
    zonecode: 6000,
    dongs: ['역삼동', '삼성동', '신사동', '압구정동'],
    roads: ['테헤란로', '도산대로', '압구정로', '봉은사로'],
  },
  {
    sido: '서울특별시',
    sigungu: '송파구',
    zonecode: 5500,
    dongs: ['잠실동', '방이동', '오금동', '송파동'],
    roads: ['올림픽로', '송파대로', '백제고분로', '오금로'],
  },
  {
    sido: '서울특별시',
    sigungu: '관악구',
    zonecode: 8700,
    dongs: ['봉천동', '신림동'],
    roads: ['관악로', '남부순환로', '봉천로', '신림로'],
  },
  {
    sido: '서울특별시',
    sigungu: '영등포구',
    zonecode: 7200,
    dongs: ['여의도동', '영등포동', '당산동'],
    roads: ['여의대로', '국제금융로', '영등포로', '당산로'],
  },
  {
    sido: '서울특별시',
    sigungu: '성북구',
    zonecode: 2800,
    dongs: ['성북동', '보문동', '정릉동'],
    roads: ['성북로', '보문로', '동소문로', '정릉로'],
  },
  {
    sido: '서울특별시',
    sigungu: '광진구',
    zonecode: 5000,
    dongs: ['화양동', '자양동', '구의동'],
    roads: ['능동로', '광나루로', '자양로', '아차산로'],
  },
  {
    sido: '경기도',
    sigungu: '성남시 분당구',
    zonecode: 13400,
    dongs: ['정자동', '삼평동', '서현동', '백현동'],
    roads: ['판교역로', '정자일로', '불정로', '황새울로'],
  },
  {
    sido: '경기도',
    sigungu: '수원시 팔달구',
    zonecode: 16400,
    dongs: ['인계동', '매산로1가', '우만동'],
    roads: ['정조로', '효원로', '인계로'],
  },
  {
    sido: '경기도',
    sigungu: '고양시 일산동구',
    zonecode: 10300,
    dongs: ['장항동', '마두동', '백석동'],
    roads: ['중앙로', '정발산로', '강송로'],
  },
  {
    sido: '경기도',
    sigungu: '용인시 수지구',
    zonecode: 16800,
    dongs: ['풍덕천동', '죽전동', '상현동'],
    roads: ['포은대로', '수지로', '문정로'],
  },
  {
    sido: '부산광역시',
    sigungu: '해운대구',
    zonecode: 48000,
    dongs: ['우동', '중동', '좌동'],
    roads: ['해운대로', '구남로', '센텀중앙로'],
  },
  {
    sido: '부산광역시',
    sigungu: '부산진구',
    zonecode: 47200,
    dongs: ['부전동', '전포동', '범천동'],
    roads: ['중앙대로', '서면로', '전포대로'],
  },
  {
    sido: '부산광역시',
    sigungu: '수영구',
    zonecode: 48200,
    dongs: ['광안동', '민락동', '남천동'],
    roads: ['광안해변로', '수영로', '남천바다로'],
  },
];

const BUILDINGS_PER_ROAD = 6;

// Building name patterns; '' leaves the building unnamed. `{dong}` is the neighbourhood without its 동/가.
const BUILDING_NAMES: readonly { name: string; apartment: boolean }[] = [
  { name: '', apartment: false },
  { name: '', apartment: false },
  { name: '', apartment: false },
  { name: '{dong} 래미안', apartment: true },
  { name: '{dong} 푸르지오', apartment: true },
  { name: '{dong} 자이', apartment: true },
  { name: '{road} 오피스텔', apartment: false },
  { name: '{dong}빌딩', apartment: false },
  { name: '{road} 타워', apartment: false },
  { name: '{dong} 상가', apartment: false },
];

/** Addresses the fixtures and the app already show, so a search for them finds the same zonecode. */
const LANDMARKS: readonly PostcodeAddress[] = [
  landmark('04066', '서울특별시', '마포구', '서교동', '와우산로', '94', '338-1', '홍익대학교'),
  landmark('13494', '경기도', '성남시 분당구', '삼평동', '판교역로', '235', '681', '에이치스퀘어 N동'),
  landmark('04799', '서울특별시', '성동구', '성수동2가', '성수이로', '113', '277-17', '제강빌딩'),
  landmark('05551', '서울특별시', '송파구', '잠실동', '올림픽로', '147', '40-1', ''),
];

function landmark(
  zonecode: string,
  sido: string,
  sigungu: string,
  bname: string,
  roadname: string,
  number: string,
  lot: string,
  buildingName: string,
): PostcodeAddress {
  const roadAddress = `${sido} ${sigungu} ${roadname} ${number}`;
  return {
    zonecode,
    address: roadAddress,
    addressType: 'R',
    roadAddress,
    jibunAddress: `${sido} ${sigungu} ${bname} ${lot}`,
    buildingName,
    apartment: 'N',
    sido,
    sigungu,
    bname,
    roadname,
  };
}

/** A stable number in [0, n) for a key (the same on every run and machine). */
function pick(key: string, n: number): number {
  return hashText(key) % n;
}

function generateAddresses(): PostcodeAddress[] {
  const addresses: PostcodeAddress[] = [];
  const taken = new Set(LANDMARKS.map((address) => address.roadAddress));
  for (const district of DISTRICTS) {
    const namesUsed = new Map<string, number>();
    district.roads.forEach((roadname, roadIndex) => {
      let number = 1 + pick(`${district.sigungu}|${roadname}|start`, 20);
      for (let i = 0; i < BUILDINGS_PER_ROAD; i++) {
        const key = `${district.sigungu}|${roadname}|${i}`;
        const bname = district.dongs[pick(`${key}|dong`, district.dongs.length)] as string;
        const pattern = BUILDING_NAMES[pick(`${key}|name`, BUILDING_NAMES.length)]!;
        const stem = bname.replace(/\d*가$/, '').replace(/동$/, '');
        const dongStem = stem.length >= 2 ? stem : bname;
        const baseName = pattern.name.replace('{dong}', dongStem).replace('{road}', roadname);
        // A second building of the same name in the district is its 2nd phase (2차), and so on.
        const sameName = baseName === '' ? 0 : (namesUsed.get(baseName) ?? 0);
        if (baseName !== '') namesUsed.set(baseName, sameName + 1);
        const buildingName = sameName === 0 ? baseName : `${baseName} ${sameName + 1}차`;
        const roadAddress = `${district.sido} ${district.sigungu} ${roadname} ${number}`;
        const lot = `${100 + pick(`${key}|lot`, 800)}${pick(`${key}|sub`, 3) === 0 ? '' : `-${1 + pick(`${key}|subno`, 30)}`}`;
        // Codes run along a road: each road owns a band of the district's range.
        const zonecode = district.zonecode + roadIndex * 40 + i * 5 + pick(`${key}|zone`, 5);
        if (!taken.has(roadAddress)) {
          taken.add(roadAddress);
          addresses.push({
            zonecode: String(zonecode).padStart(5, '0'),
            address: roadAddress,
            addressType: 'R',
            roadAddress,
            jibunAddress: `${district.sido} ${district.sigungu} ${bname} ${lot}`,
            buildingName,
            apartment: pattern.apartment ? 'Y' : 'N',
            sido: district.sido,
            sigungu: district.sigungu,
            bname,
            roadname,
          });
        }
        number += 2 + 2 * pick(`${key}|step`, 20);
      }
    });
  }
  return [...LANDMARKS, ...addresses].sort(byRegionRoadAndNumber);
}

function buildingNumber(address: PostcodeAddress): number {
  return Number(address.roadAddress.slice(address.roadAddress.lastIndexOf(' ') + 1));
}

function byRegionRoadAndNumber(a: PostcodeAddress, b: PostcodeAddress): number {
  return (
    a.sido.localeCompare(b.sido, 'ko') ||
    a.sigungu.localeCompare(b.sigungu, 'ko') ||
    a.roadname.localeCompare(b.roadname, 'ko') ||
    buildingNumber(a) - buildingNumber(b)
  );
}

interface IndexedAddress {
  address: PostcodeAddress;
  /** Everything a word of the query may be part of. */
  text: string;
  /** Whole numbers a numeric word must equal: the building number, the lot number and its main part. */
  numbers: Set<string>;
}

let index: IndexedAddress[] | null = null;

/** The address book with its search text, built on first use. */
function addressIndex(): IndexedAddress[] {
  index ??= generateAddresses().map((address) => {
    const lot = address.jibunAddress.slice(address.jibunAddress.lastIndexOf(' ') + 1);
    return {
      address,
      text: [address.roadAddress, address.jibunAddress, address.buildingName, address.zonecode].join(' ').toLowerCase(),
      numbers: new Set([String(buildingNumber(address)), lot, lot.split('-')[0] as string]),
    };
  });
  return index;
}

/** Every address of the lookup, in its order (tests, and the size of the book). */
export function allPostcodeAddresses(): PostcodeAddress[] {
  return addressIndex().map((entry) => entry.address);
}

const NUMBER_WORD = /^\d+(-\d+)?$/;

/**
 * A word matches as part of any name (road, district, neighbourhood, building) except a number, which
 * must be a whole building or lot number (or, from 3 digits, the start of a zonecode): '94' finds
 * 와우산로 94, not 194.
 */
function matches(entry: IndexedAddress, word: string): boolean {
  if (NUMBER_WORD.test(word)) return entry.numbers.has(word) || (word.length >= 3 && entry.address.zonecode.startsWith(word));
  return entry.text.includes(word);
}

/** One page of the addresses matching every word of `query` (trimmed; words split on spaces). */
export function searchPostcodes(query: string, page = 1): PostcodeSearchResult {
  const words = query
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  const found = words.length === 0 ? [] : addressIndex().filter((entry) => words.every((word) => matches(entry, word)));
  const start = (page - 1) * POSTCODE_PAGE_SIZE;
  return {
    list: found.slice(start, start + POSTCODE_PAGE_SIZE).map((entry) => entry.address),
    paging: { dataCnt: found.length, page, pageCnt: Math.ceil(found.length / POSTCODE_PAGE_SIZE) },
  };
}

// ---------------------------------------------------------------- the HTTP answer

function invalidQuery(path: string, message: string): ApiFailure {
  return new ApiFailure(400, 'bad-request', { message, details: [{ path, message }] });
}

function single(value: unknown): string | undefined {
  return Array.isArray(value) ? undefined : typeof value === 'string' ? value : undefined;
}

/**
 * The answer to GET /__postcode/search for its query parameters: `q` (required, 2 to 80 characters after
 * trimming) and `page` (1-based, default 1; a page after the last is empty).
 */
export function answerPostcodeSearch(query: Record<string, unknown>): { status: number; body: { data: PostcodeSearchResult } | ErrorBody } {
  try {
    const q = single(query.q)?.trim();
    if (q === undefined || q === '') throw invalidQuery('/query/q', '검색어를 입력해주세요.');
    if ([...q].length < POSTCODE_QUERY_MIN_LENGTH)
      throw invalidQuery('/query/q', `검색어를 ${POSTCODE_QUERY_MIN_LENGTH}글자 이상 입력해주세요.`);
    if ([...q].length > POSTCODE_QUERY_MAX_LENGTH)
      throw invalidQuery('/query/q', `검색어는 ${POSTCODE_QUERY_MAX_LENGTH}글자 이내로 입력해주세요.`);
    const pageText = query.page === undefined ? '1' : single(query.page);
    const page = pageText !== undefined && /^[1-9]\d{0,3}$/.test(pageText) ? Number(pageText) : Number.NaN;
    if (!(page >= 1 && page <= MAX_PAGE)) throw invalidQuery('/query/page', `page는 1부터 ${MAX_PAGE}까지의 정수여야 해요.`);
    return { status: 200, body: { data: searchPostcodes(q, page) } };
  } catch (err) {
    if (err instanceof ApiFailure) return { status: err.status, body: err.body };
    throw err;
  }
}

/** The lookup as a route of the core (GET; HEAD finds it too). */
export function postcodeRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: POSTCODE_SEARCH_PATH,
      handle(context) {
        const { status, body } = answerPostcodeSearch(context.query);
        return jsonAnswer(status, body, { ...context.headers, 'Cache-Control': 'no-store' });
      },
    },
  ];
}
