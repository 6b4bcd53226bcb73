import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { setupMockApi } from '../../testing/testServer';
import { setIntersecting } from '../../testing/intersectionObserver';
import { lookupPostcodes, POSTCODE_TEXT } from './lookup';
import { Postcode, type PostcodeData } from './postcode';
import { addressFromPostcode, PostcodeDrawer } from './PostcodeDrawer';

setupMockApi();

let element: HTMLDivElement | null = null;
let embedded: Postcode | null = null;
afterEach(async () => {
  // The widget renders into its own React root: unmount it, or its pending searches update a torn-down DOM.
  act(() => embedded?.remove());
  embedded = null;
  element?.remove();
  element = null;
  await new Promise((resolve) => setTimeout(resolve, 0));
});

function embed(options: { q?: string; autoClose?: boolean } = {}) {
  const oncomplete = vi.fn<(data: PostcodeData) => void>();
  const onsearch = vi.fn();
  element = document.createElement('div');
  document.body.append(element);
  const widget = new Postcode({ oncomplete, onsearch });
  embedded = widget;
  act(() => widget.embed(element!, options));
  return { widget, oncomplete, onsearch, element };
}

describe('the postcode widget adapter', () => {
  test('embed(element) draws the search with tips; choosing an address hands over the widget data', async () => {
    const { oncomplete, onsearch, element } = embed();
    expect(within(element).getByRole('region', { name: POSTCODE_TEXT.tipsTitle })).toBeInTheDocument();
    fireEvent.click(within(element).getByRole('button', { name: '예) 와우산로 94' }));
    const result = await within(element).findByRole('button', { name: /서울특별시 마포구 와우산로 94/ });
    expect(within(element).getByText(POSTCODE_TEXT.count(1))).toBeInTheDocument();
    expect(onsearch).toHaveBeenCalledWith({ q: '와우산로 94', count: 1 });
    fireEvent.click(result);
    expect(oncomplete).toHaveBeenCalledWith(
      expect.objectContaining({
        zonecode: '04066',
        roadAddress: '서울특별시 마포구 와우산로 94',
        address: '서울특별시 마포구 와우산로 94',
        jibunAddress: expect.stringMatching(/^서울특별시 마포구 \S+동 /) as unknown,
        buildingName: '홍익대학교',
        query: '와우산로 94',
      }),
    );
    // autoClose (the default) takes the widget out of its element.
    await waitFor(() => expect(element.childElementCount).toBe(0));
  });

  test('embed(element, {q}) searches at once; more results come page by page', async () => {
    const first = await lookupPostcodes('서울', 1);
    expect(first.paging.pageCnt).toBeGreaterThan(1);
    const { element } = embed({ q: '서울', autoClose: false });
    const list = await within(element).findByRole('list', { name: '주소 검색 결과' });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(first.list.length));
    act(() => setIntersecting(element.querySelector('[data-sentinel]')!, true));
    await waitFor(() => expect(within(list).getAllByRole('button').length).toBeGreaterThan(first.list.length));
    expect(within(element).getByText(POSTCODE_TEXT.count(first.paging.dataCnt))).toBeInTheDocument();
  });

  test('a one-character query is refused in place; nothing matching says so', async () => {
    const { element } = embed();
    const input = within(element).getByRole('searchbox');
    fireEvent.change(input, { target: { value: '로' } });
    fireEvent.submit(within(element).getByRole('search'));
    expect(within(element).getByRole('alert')).toHaveTextContent(POSTCODE_TEXT.tooShort);
    fireEvent.change(input, { target: { value: '없는도로명길' } });
    fireEvent.submit(within(element).getByRole('search'));
    expect(await within(element).findByText(POSTCODE_TEXT.empty)).toBeInTheDocument();
  });

  test('the lookup refuses a bad query in the ErrorBody shape', async () => {
    await expect(lookupPostcodes('로', 1)).rejects.toMatchObject({ name: 'PostcodeLookupError', status: 400 });
  });
});

describe('the postcode drawer', () => {
  test('opens full screen, hands back the chosen address and closes', async () => {
    const chosen: ReturnType<typeof addressFromPostcode>[] = [];
    const onClose = vi.fn();
    render(<PostcodeDrawer open onClose={onClose} onComplete={(data) => chosen.push(addressFromPostcode(data))} />);
    const drawer = screen.getByRole('dialog', { name: POSTCODE_TEXT.title });
    await waitFor(() => expect(within(drawer).getByRole('searchbox')).toBeInTheDocument());
    fireEvent.change(within(drawer).getByRole('searchbox'), { target: { value: '판교역로 235' } });
    fireEvent.submit(within(drawer).getByRole('search'));
    fireEvent.click(await within(drawer).findByRole('button', { name: /판교역로 235/ }));
    expect(chosen).toEqual([{ zip: '13494', addr: '경기도 성남시 분당구 판교역로 235' }]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
