// What CI fails on (`node scripts/bench.mjs --quick --strict-cpu`): every ratio the bench measures, each from
// server CPU time (never the wall clock, which a loaded machine stretches). A ratio the mock server must keep
// at least (`atLeast`) fails below its limit, a cost it must keep at most (`atMost`) above it; each limit sits
// below the lowest value CI's own loaded runs have read (issue 29's floors where it names one: read 2.5x
// Express and 8x Prism, write 1.2x Express), so a gate fails on a regression, not on a busy hour. The table of
// values, the quick run's spread and the gates is docs/decisions/bench-gates.md; change a limit there and here
// together.

/**
 * @typedef {{id: string, name: string, value: number | null, limit: number, kind: 'atLeast' | 'atMost', pass: boolean}} Gate
 * @typedef {{id: string, name: string, kind: 'atLeast' | 'atMost', limit: number, valueOf: (report: any) => number | null}} GateSpec
 */

/** A peer's server CPU per request over the mock's on one path (how many times cheaper the mock is). */
function cpuOver(path, peer) {
  const mine = path?.mock?.serverCpuUsPerRequest;
  const theirs = path?.[peer]?.serverCpuUsPerRequest;
  return mine && theirs ? round(theirs / mine) : null;
}

/** Server CPU per request on one measurement over another's (how many times dearer the first is). */
function cpuRatio(a, b) {
  return a?.serverCpuUsPerRequest && b?.serverCpuUsPerRequest ? round(a.serverCpuUsPerRequest / b.serverCpuUsPerRequest) : null;
}

function round(value, digits = 2) {
  return Number(value.toFixed(digits));
}

/** @type {GateSpec[]} */
export const GATES = [
  {
    id: 'readVsExpress',
    name: "read path: Express CPU per request / the mock's",
    kind: 'atLeast',
    limit: 2.5,
    valueOf: (r) => cpuOver(r.readPath, 'express'),
  },
  {
    id: 'readVsPrism',
    name: "read path: Prism CPU per request / the mock's",
    kind: 'atLeast',
    limit: 8,
    valueOf: (r) => cpuOver(r.readPath, 'prism'),
  },
  {
    id: 'readVsBare',
    name: "read path: bare node:http CPU per request / the mock's",
    kind: 'atLeast',
    limit: 0.43,
    valueOf: (r) => cpuOver(r.readPath, 'bare'),
  },
  {
    id: 'writeVsExpress',
    name: "write path: Express CPU per request / the mock's",
    kind: 'atLeast',
    limit: 1.2,
    valueOf: (r) => cpuOver(r.writePath, 'express'),
  },
  {
    id: 'writeVsPrism',
    name: "write path: Prism CPU per request / the mock's",
    kind: 'atLeast',
    limit: 3.5,
    valueOf: (r) => cpuOver(r.writePath, 'prism'),
  },
  {
    id: 'writeVsBare',
    name: "write path: bare node:http CPU per request / the mock's",
    kind: 'atLeast',
    limit: 0.15,
    valueOf: (r) => cpuOver(r.writePath, 'bare'),
  },
  {
    id: 'startVsNode',
    name: 'second start at scale 1: CPU to the ready line / a bare node start',
    kind: 'atMost',
    limit: 7,
    valueOf: (r) => (r.nodeStartCpuMs ? round(r.scales[1].secondStart.cpuMs / r.nodeStartCpuMs) : null),
  },
  {
    id: 'readScale10',
    name: 'read path CPU per request at scale 10 / scale 1',
    kind: 'atMost',
    limit: 2.1,
    valueOf: (r) => cpuRatio(r.scales[10].readPath, r.scales[1].readPath),
  },
  {
    id: 'searchScale10',
    name: 'search CPU per request at scale 10 / scale 1',
    kind: 'atMost',
    limit: 2.5,
    valueOf: (r) => cpuRatio(r.scales[10].search, r.scales[1].search),
  },
  {
    id: 'newWorldCpu',
    name: 'a new world at scale 1: server CPU ms per world',
    kind: 'atMost',
    limit: 2.3,
    valueOf: (r) => r.newWorlds.cpuMsPerWorld,
  },
];

/**
 * Every gate read from a report. A gate whose value the run could not measure (Prism did not start, say)
 * fails: a gate that cannot be read protects nothing.
 * @returns {Gate[]}
 */
export function gatesOf(report) {
  return GATES.map(({ id, name, kind, limit, valueOf }) => {
    const value = valueOf(report);
    const pass = value !== null && Number.isFinite(value) && (kind === 'atLeast' ? value >= limit : value <= limit);
    return { id, name, value, limit, kind, pass };
  });
}
