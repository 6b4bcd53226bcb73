// A navigation renders the route view, not every link of the page being left: wouter's own location hook
// subscribes each Link (and whatever calls useLocation) to the location, so a tap on home re-rendered its
// hundreds of card links at once, before the next screen could ask for its data. App.tsx gives wouter a
// location read without subscribing.
import { act, render, screen } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { navigate } from '../lib/navigation';
import { resetAppState, signInAs, waitForSession } from '../testing/appHarness';
import { setupMockApi } from '../testing/testServer';
import { App } from './App';

const linkCommits = vi.hoisted(() => ({ count: 0 }));

// The stand-in routes with a home of links and a part that reads wouter's location as a Link does, each of
// its renders counted (no JSX here: vi.mock is hoisted above the JSX runtime's import).
vi.mock('./routes', async () => {
  const standIns = await import('../testing/standInRoutes');
  const { createElement: h } = await import('react');
  const { Link, Route, useLocation } = await import('wouter');
  const LocationReader = () => {
    useLocation();
    linkCommits.count += 1;
    return null;
  };
  const links = ['/m/a/1', '/m/b/2', '/setting'].map((href) => h(Link, { key: href, href }, href));
  const Home = () => h('section', { 'aria-label': 'page home' }, links, h(LocationReader));
  return {
    ...standIns,
    ROUTE_ELEMENTS: standIns.ROUTE_ELEMENTS.map((element) =>
      element.key === 'home' ? h(Route, { key: 'home', path: '/', component: Home }) : element,
    ),
  };
});

setupMockApi();

beforeEach(() => {
  resetAppState();
  linkCommits.count = 0;
});

test("tapping away from home does not render home's links again; the next page shows and their hrefs hold", async () => {
  await signInAs('buyer');
  render(<App />);
  await waitForSession();
  await screen.findByRole('region', { name: 'page home' });
  const before = linkCommits.count;
  expect(before).toBeGreaterThan(0);

  act(() => navigate('/setting'));
  expect(await screen.findByRole('region', { name: 'page setting' })).toBeInTheDocument();
  act(() => navigate('/m/a/1'));
  expect(await screen.findByRole('region', { name: 'page market' })).toBeInTheDocument();
  // Back home (kept): the links are the same, never rendered for the moves in between.
  act(() => navigate('/'));
  expect(await screen.findByRole('region', { name: 'page home' })).toBeInTheDocument();
  expect(linkCommits.count).toBe(before);
  expect(screen.getByRole('link', { name: '/setting' })).toHaveAttribute('href', '/setting');
});
