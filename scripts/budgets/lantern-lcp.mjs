#!/usr/bin/env node
// Why a page's Lighthouse LCP is what it is: Lantern's simulation of one saved page load, node by node.
//
//   node scripts/budgets/lighthouse.mjs --page home --keep-reports DIR   (keeps DIR/home-1.artifacts, ...)
//   node scripts/budgets/lantern-lcp.mjs DIR/home-1.artifacts [--graph optimistic|pessimistic]
//
// Lantern does not simulate a render: its LCP is the end of the last node of a graph cut at the observed LCP
// (every request that ended before the largest paint on the unthrottled load, the tasks that evaluated those
// scripts or laid the page out), replayed on slow 4G; the estimate is the mean of an optimistic and a
// pessimistic graph (docs/decisions/fewer-first-requests.md). This prints each node of one graph with its
// simulated and observed times, so the request that ends last (and what shares the link with it) shows.
// It reads Lighthouse's own computed artifact, an internal module: a Lighthouse upgrade may move it.
import { parseArgs } from 'node:util';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: { graph: { type: 'string', default: 'pessimistic' } },
});
const dir = positionals[0];
if (!dir || !['optimistic', 'pessimistic'].includes(flags.graph)) {
  console.error('usage: node scripts/budgets/lantern-lcp.mjs <artifacts dir> [--graph optimistic|pessimistic]');
  process.exit(2);
}
const artifacts = await loadArtifacts(dir);
// The budget's settings: Lighthouse's defaults (mobile, simulated slow 4G, 4x CPU).
const settings = { ...defaultSettings };
const lcp = await LanternLargestContentfulPaint.request(
  {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  },
  { computedCache: new Map(), settings },
);
const ms = (value) => Math.round(value);
console.log(
  `LCP ${ms(lcp.timing)} ms (optimistic ${ms(lcp.optimisticEstimate.timeInMs)}, pessimistic ${ms(lcp.pessimisticEstimate.timeInMs)}); the ${flags.graph} graph:`,
);
const estimate = flags.graph === 'optimistic' ? lcp.optimisticEstimate : lcp.pessimisticEstimate;
const timings = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
const origin = Math.min(...timings.map(([node]) => node.startTime));
/** A CPU node's telling events: what it evaluated, laid out or painted. */
const TELLING = /^(EvaluateScript|v8\.compileModule|v8\.evaluateModule|FunctionCall|TimerFire|EventDispatch|ParseHTML|Layout|Paint)$/;
const describe = (node) => {
  if (node.type === 'network') return `${node.request.resourceType} ${node.request.priority} ${node.request.url}`;
  const events = node.childEvents.filter((event) => TELLING.test(event.name));
  const names = [...new Set(events.map((event) => event.name + (event.args?.data?.url ? ` ${event.args.data.url}` : '')))];
  return `CPU ${names.slice(0, 3).join(', ')}${names.length > 3 ? ', ...' : ''}`;
};
console.log('  simulated ms   observed ms  node');
for (const [node, timing] of timings) {
  const simulated = `${ms(timing.startTime)}-${ms(timing.endTime)}`.padEnd(14);
  const observed = `${ms((node.startTime - origin) / 1000)}-${ms((node.endTime - origin) / 1000)}`.padEnd(12);
  console.log(`  ${simulated} ${observed} ${describe(node)}`);
}
