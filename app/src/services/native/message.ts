// The bridge's message shape, shared by the app's side (bridge.ts) and the shell's side (the simulator).
export interface BridgeMessage {
  action: string;
  data?: unknown;
  id?: string;
}

/** A `{action, data?, id?}` object from a message event's data (JSON text or an object), else null. */
export function parseBridgeMessage(raw: unknown): BridgeMessage | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const { action, data, id } = value as Record<string, unknown>;
  if (typeof action !== 'string' || action === '') return null;
  return {
    action,
    ...(data === undefined ? {} : { data }),
    ...(typeof id === 'string' || typeof id === 'number' ? { id: String(id) } : {}),
  };
}
