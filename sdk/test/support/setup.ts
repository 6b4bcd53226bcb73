// fast-check runs every property with a fixed seed so CI is reproducible; a failure prints its seed and
// shrink path, which replay it: FC_SEED=<seed> (and pass the printed path to fc.assert to jump straight to it).
// FC_RUNS may lower the run count locally; FC_SEED may explore other inputs.
import fc from 'fast-check';

const DEFAULT_SEED = 20261121;
const DEFAULT_RUNS = 1000;

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error(`${name} must be an integer, got '${raw}'`);
  return value;
}

fc.configureGlobal({
  seed: intFromEnv('FC_SEED', DEFAULT_SEED),
  numRuns: intFromEnv('FC_RUNS', DEFAULT_RUNS),
});
