// Search from home: the search screen, '키링' → results with the '작가' and '물품' sections and their totals
// (the API's counts, '총 N명' / '총 N개'); a term nothing matches shows '검색 결과가 없어요' in both;
// a term past 100 characters is searched cut to 100; an error dialog quoting a long address fits the screen and
// closes on a backdrop tap; a blank term goes back to the search screen.
import { JourneyFailure, test } from '../lib/fixtures.mjs';

const TERM = '키링';
const NONSENSE = '뷁뷁zqxj없는말';

const count = (n) => n.toLocaleString('ko-KR');

test("search '키링' from home, results with counts, and an empty result", async ({ ctx, page, mock, api }) => {
  test.setTimeout(90_000);
  const sellers = await api.get(`/common/v2/search-seller?keyword=${encodeURIComponent(TERM)}&page=1`);
  const products = await api.get(`/common/v2/search-product?keyword=${encodeURIComponent(TERM)}&page=1`);
  if (sellers.paging.dataCnt === 0 || products.paging.dataCnt === 0) throw new Error(`the world has no search results for '${TERM}'`);
  const searchField = page.getByRole('searchbox', { name: '물품, 작가명 검색' });
  const section = (name) => page.getByRole('region', { name: new RegExp(`^${name}`) });
  // A section heading: its title, then its total.
  const heading = (title, total) => page.getByRole('heading', { name: new RegExp(`^${title}\\s*${total}$`) });

  await ctx.step('home → the search screen', async () => {
    await ctx.goto('/');
    await page.getByText('물품, 작가명 검색').first().click();
    await page.waitForURL((url) => ctx.appPath(url) === '/search');
    await searchField.waitFor();
    await ctx.shot('search');
  });

  await ctx.step(`'${TERM}' shows '작가' and '물품' with the API's totals`, async () => {
    await searchField.fill(TERM);
    await searchField.press('Enter');
    await page.waitForURL((url) => ctx.appPath(url) === '/search/result' && url.searchParams.get('term') === TERM);
    await ctx.see('검색');
    await heading('작가', `총 ${count(sellers.paging.dataCnt)}명`).waitFor();
    await heading('물품', `총 ${count(products.paging.dataCnt)}개`).waitFor();
    await ctx.see(sellers.list[0].sellerName, { within: section('작가') });
    await ctx.see(products.list[0].productTitle, { within: section('물품') });
    await ctx.shot('results');
  });

  await ctx.step(`a term nothing matches ('${NONSENSE}') shows '검색 결과가 없어요' in both sections`, async () => {
    await searchField.fill(NONSENSE);
    await searchField.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('term') === NONSENSE);
    await ctx.see('검색 결과가 없어요', { within: section('작가') });
    await ctx.see('검색 결과가 없어요', { within: section('물품') });
    await ctx.shot('no-results');
  });

  await ctx.step("a term past the contract's 100 characters is searched cut to 100; the field takes no more", async () => {
    const long = '말랑'.repeat(600);
    await ctx.goto(`/search/result?term=${encodeURIComponent(long)}`);
    await ctx.see('검색 결과가 없어요', { within: section('작가') });
    await ctx.see('검색 결과가 없어요', { within: section('물품') });
    if ((await page.getByText('불러오지 못했어요').count()) > 0) throw new JourneyFailure("a long term shows '불러오지 못했어요'");
    const value = await searchField.inputValue();
    if (value !== long.slice(0, 100)) throw new JourneyFailure(`the field holds ${value.length} characters, expected the first 100`);
    await searchField.fill(long);
    if ((await searchField.inputValue()).length !== 100) throw new JourneyFailure('the search field takes more than 100 characters');
  });

  await ctx.step('an error dialog with a long location stays on screen, its buttons visible; the backdrop closes it', async () => {
    // The inquiry dialog quotes the page's address (900 percent-encoded characters here).
    await mock.scenarios.force('http-500', { method: 'GET', path: '/common/v2/search-product' });
    const term = '말랑'.repeat(50);
    await ctx.goto(`/search/result?term=${encodeURIComponent(term)}`);
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    const viewport = page.viewportSize();
    const box = await dialog.boundingBox();
    if (!box || !viewport || box.y < 0 || box.y + box.height > viewport.height || box.x < 0 || box.x + box.width > viewport.width)
      throw new JourneyFailure(`the dialog (${JSON.stringify(box)}) does not fit the ${viewport?.width}x${viewport?.height} screen`);
    for (const button of await dialog.getByRole('button').all()) {
      const at = await button.boundingBox();
      if (!at || at.y + at.height > viewport.height) throw new JourneyFailure(`the button '${await button.textContent()}' is off screen`);
    }
    await ctx.shot('long-location-dialog', { wait: false });
    await page.mouse.click(8, 8);
    await dialog.waitFor({ state: 'hidden' });
    await mock.scenarios.clear();
  });

  await ctx.step('a blank term goes back to the search screen', async () => {
    await ctx.goto('/search/result?term=%20%20');
    await page.waitForURL((url) => ctx.appPath(url) === '/search');
    await searchField.waitFor();
  });
});
