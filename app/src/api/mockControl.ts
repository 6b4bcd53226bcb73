// The mock server's control plane (/__mock, DESIGN.md "The mock server's contract"), for the settings
// Lab. Plain fetch: it is not part of the product API. Every call rejects with MockControlUnavailable when
// the control plane does not answer (a real API, or a mock without it), so the Lab can say so. Like the
// product API client, every call carries the pinned mock world's X-Mock-World (none when not pinned): the
// control plane acts on the caller's world, so the Lab changes the world the app is using.
import { API_BASE } from '../config/config';
import { MOCK_WORLD_HEADER, pinnedMockWorld } from './client';

export class MockControlUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MockControlUnavailable';
  }
}

export interface MockPersona {
  /** The persona id to sign in as (buyer, buyer-new, seller, seller-incomplete). */
  id: string;
  uid?: string;
  /** What the persona is for, in Korean. */
  label?: string;
  email?: string;
}

export interface MockScenario {
  name: string;
  status?: number;
  description?: string;
}

/** A sticky rule in force. */
export interface MockRule {
  name: string;
  method?: string;
  path?: string;
  /** Uses left; absent means until cleared. */
  times?: number;
}

export interface MockScenarios {
  scenarios: MockScenario[];
  rules: MockRule[];
}

export interface StickyScenario {
  name: string;
  method?: string;
  path?: string;
  times?: number;
}

export interface MockClock {
  /** The mock's current time (ISO 8601). */
  now: string;
  /** Its offset from real time, ms. */
  offsetMs: number;
}

const CONTROL_BASE = `${API_BASE.replace(/\/+$/, '')}/__mock`;

/** Both `{data: x}` and a bare `x` are accepted (the control plane is not bound to the API envelope). */
function unwrap<T>(body: unknown): T {
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && 'data' in body) return (body as { data: T }).data;
  return body as T;
}

/** The request headers of a control call: the JSON body's type, and the pinned world's. */
function controlHeaders(hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = hasBody ? { 'Content-Type': 'application/json' } : {};
  const world = pinnedMockWorld();
  if (world) headers[MOCK_WORLD_HEADER] = world;
  return headers;
}

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${CONTROL_BASE}${path}`, {
      method,
      headers: controlHeaders(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    throw new MockControlUnavailable(`${method} /__mock${path}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
  if (response.status === 404 || response.status === 405 || response.status === 501) {
    throw new MockControlUnavailable(`${method} /__mock${path}: HTTP ${response.status}`);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    throw new MockControlUnavailable(`${method} /__mock${path}: not a JSON answer`);
  }
  if (!response.ok) {
    const message = (parsed as { message?: string } | null)?.message ?? `HTTP ${response.status}`;
    throw new Error(`${method} /__mock${path}: ${message}`);
  }
  return unwrap<T>(parsed);
}

/** Accepts a list, or an object holding one under a known key. */
function listOf<T>(value: unknown, key: string): T[] {
  if (Array.isArray(value)) return value as T[];
  if (typeof value === 'object' && value !== null && Array.isArray((value as Record<string, unknown>)[key])) {
    return (value as Record<string, T[]>)[key] as T[];
  }
  return [];
}

/** One API request the mock received (its request journal, GET /__mock/requests). */
export interface MockRequest {
  time: string;
  operationId: string | null;
  method: string;
  path: string;
  status: number;
  durationMs: number;
}

/** The latest `limit` API requests of the pinned world, oldest first. */
export async function listRequests(limit = 20): Promise<MockRequest[]> {
  return listOf<MockRequest>(await control('GET', `/requests?limit=${limit}`), 'requests');
}

export async function listPersonas(): Promise<MockPersona[]> {
  return listOf<MockPersona>(await control('GET', '/personas'), 'personas');
}

export async function loginAsPersona(persona: string): Promise<{ token: string; uid: string }> {
  return control('POST', '/login', { persona });
}

export async function listScenarios(): Promise<MockScenarios> {
  const answer = await control<unknown>('GET', '/scenarios');
  return { scenarios: listOf<MockScenario>(answer, 'scenarios'), rules: listOf<MockRule>(answer, 'rules') };
}

export async function addStickyScenario(rule: StickyScenario): Promise<void> {
  await control('POST', '/scenarios', rule);
}

export async function clearScenarios(): Promise<void> {
  await control('DELETE', '/scenarios');
}

export async function setLatency(ms: number): Promise<void> {
  await control('PUT', '/latency', { ms });
}

export async function getClock(): Promise<MockClock> {
  return control('GET', '/clock');
}

export async function setClock(change: { now: string } | { offsetMs: number }): Promise<MockClock> {
  return control('PUT', '/clock', change);
}
