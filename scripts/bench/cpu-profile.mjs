// Reads a V8 .cpuprofile (node --cpu-prof) and prints where the time went: self time by layer (package or
// our own source folder), the heaviest frames by self time, and by inclusive time. With a window (µs of the
// monotonic clock, process.hrtime's and V8's profile timestamps alike) only the samples taken in it count:
// the start, the seed cache's writing and the worlds readied in slices are not the measured path's work.
import { readFileSync } from 'node:fs';
import { REPO_ROOT } from './processes.mjs';

/** Now on the clock a profile's timestamps use, µs. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * @param {{fromUs: number, toUs: number, requests?: number}} [window] the samples counted; with `requests`
 *   (answered in the window) each line also says its µs per request
 */
export function printProfile(file, top = 25, window) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  // Self time per node from the samples; inclusive time by walking parents.
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfMs = new Map();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window.fromUs || at > window.toUs)) continue;
    const id = profile.samples[i];
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const frameKey = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? `${url.replace(`file://${REPO_ROOT}`, '').replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '')}:${lineNumber + 1}`
      : '';
    return `${functionName || '(anonymous)'} ${where}`.trim();
  };
  const self = new Map();
  const inclusive = new Map();
  let total = 0;
  for (const [id, ms] of selfMs) {
    total += ms;
    const key = frameKey(byId.get(id));
    self.set(key, (self.get(key) ?? 0) + ms);
    // Count each frame once per sample stack, even when it recurses.
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const k = frameKey(byId.get(cur));
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + ms);
    }
  }
  // Self time by package (or by our own source folder), to see which layer costs what.
  const layerOf = (node) => {
    const url = node.callFrame.url;
    if (!url) return node.callFrame.functionName.startsWith('(') ? node.callFrame.functionName : '(native)';
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(url);
    if (pkg) return pkg[1];
    if (url.startsWith('node:')) return 'node internals';
    const own = /\/work\/[^/]+\/([^/]+\/src\/[^/]+)/.exec(url.replace('file://', ''));
    return own ? own[1] : url;
  };
  const layers = new Map();
  for (const [id, ms] of selfMs) {
    const key = layerOf(byId.get(id));
    layers.set(key, (layers.get(key) ?? 0) + ms);
  }
  const show = (title, map) => {
    console.log(`\n${title} (of ${total.toFixed(0)} ms sampled)`);
    for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      const perRequest = window?.requests ? `${((ms * 1000) / window.requests).toFixed(2).padStart(7)} µs/req  ` : '';
      console.log(`  ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${perRequest}${key}`);
    }
  };
  show('self time by layer', layers);
  show('self time', self);
  show('inclusive time', inclusive);
  console.log(`\nprofile: ${file}`);
}
