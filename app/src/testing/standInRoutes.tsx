// Test stand-in for src/shell/routes.tsx: the same route table with a stand-in screen per route that shows its
// route name and params and keeps a counter in state, so router tests see exactly what the router does.
import { ROUTES } from '@creator-market/sdk/domain';
import { useState } from 'react';
import { Route, useParams } from 'wouter';

function StandIn({ name }: { name: string }) {
  // wouter also gives positional captures ('0', '1'); the named params are what screens use.
  const params = Object.fromEntries(Object.entries(useParams()).filter(([key]) => !/^\d+$/.test(key)));
  const [count, setCount] = useState(0);
  return (
    <section aria-label={`page ${name}`} data-page={name}>
      <p>
        {name} {JSON.stringify(params)}
      </p>
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        count {count}
      </button>
    </section>
  );
}

export const NotFoundScreen = () => <StandIn name="notFound" />;

/** As routes.tsx's: the stand-ins are no chunks, so every screen renders at once. */
export const screenLoaded = (_pathname: string): boolean => true;

/** As routes.tsx's: nothing to load. */
export const loadScreen = (_pathname: string): Promise<void> => Promise.resolve();

const screens = new Map(ROUTES.map((route) => [route.name, () => <StandIn name={route.name} />]));

export const ROUTE_ELEMENTS = ROUTES.map((route) =>
  route.path === null ? (
    <Route key={route.name} component={NotFoundScreen} />
  ) : (
    <Route key={route.name} path={route.path} component={screens.get(route.name)} />
  ),
);
