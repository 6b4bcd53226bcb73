// The postcode lookup the widget adapter (./postcode.ts) searches: the mock server's GET /__postcode/search
// on the API base (not a product API operation, so a plain fetch), with the data shape of the real widget.
import { formatCount } from '@creator-market/sdk/domain';
import { API_BASE } from '../../config/hosts';

/** What the widget hands over when an address is chosen (the fields of the real widget the app reads). */
export interface PostcodeData {
  /** 5-digit postal code. */
  zonecode: string;
  /** The chosen address (the road address). */
  address: string;
  addressType: 'R' | 'J';
  roadAddress: string;
  jibunAddress: string;
  /** '' when the building has no name. */
  buildingName: string;
  apartment: 'Y' | 'N';
  sido: string;
  sigungu: string;
  bname: string;
  roadname: string;
  /** What the user searched for. */
  query: string;
}

/** One page of the lookup: its addresses and the search paging (dataCnt, page, pageCnt). */
export interface PostcodePage {
  list: Omit<PostcodeData, 'query'>[];
  paging: { dataCnt: number; page: number; pageCnt: number };
}

/** The widget's search text shown before anything is typed, and its messages. */
export const POSTCODE_TEXT = {
  title: '우편번호 찾기',
  placeholder: '도로명, 건물명, 지번 검색',
  submit: '검색',
  tooShort: '두 글자 이상 입력해주세요',
  tipsTitle: '이렇게 검색해보세요',
  tips: [
    { label: '도로명 + 건물번호', example: '와우산로 94' },
    { label: '지역명 + 도로명', example: '성동구 성수이로' },
    { label: '건물명', example: '래미안' },
  ],
  empty: '검색 결과가 없어요',
  emptyHint: '도로명과 건물번호를 다시 확인해주세요.',
  count: (count: number) => `검색 결과 ${formatCount(count)}건`,
  jibun: '지번',
  failed: '주소를 불러오지 못했어요',
} as const;

/** Searches need at least this many characters (the lookup refuses shorter ones). */
export const POSTCODE_QUERY_MIN_LENGTH = 2;

export class PostcodeLookupError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PostcodeLookupError';
  }
}

/** One page of addresses matching `query` from the lookup. */
export async function lookupPostcodes(query: string, page: number, signal?: AbortSignal): Promise<PostcodePage> {
  const url = new URL(`${API_BASE.replace(/\/+$/, '')}/__postcode/search`);
  url.searchParams.set('q', query);
  url.searchParams.set('page', String(page));
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new PostcodeLookupError(POSTCODE_TEXT.failed, 0);
  }
  const body = (await response.json().catch(() => null)) as { data?: PostcodePage; message?: string } | null;
  if (!response.ok || !body?.data) throw new PostcodeLookupError(body?.message ?? POSTCODE_TEXT.failed, response.status);
  return body.data;
}
