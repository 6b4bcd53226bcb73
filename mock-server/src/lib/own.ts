// Lookups keyed by a value that came with a request (a file name, an ad unit, a code): only the record's own
// keys count, so '__proto__', 'constructor' or 'toString' find nothing instead of Object.prototype's members.

/** `record[key]` when `key` is one of the record's own properties, else undefined. */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
