// @ts-check
// Acknowledgements in openapi/CHANGELOG.md of the changes the check fails on: a list item naming the class,
// the operation, the place and what changed, each exactly as `pnpm contract:diff` prints them:
//
//   - breaking `listCarts` `response 200 data[].market.desc` `removed`: the cart no longer shows the description
//   - unclassified `*` `response 400` `allOf added`: the error body restructured, the same fields
//
// The operation may be `*` (the same change at the same place of every operation: one schema many use); the
// place and what changed never may. The text after the colon is for people; a line in a fenced code block is
// an example, not an acknowledgement. Only the acknowledgements the checked range adds count (the CHANGELOG's
// diff since the base): a line written for an earlier change cannot cover a new one at the same place.

/**
 * @typedef {'breaking' | 'unclassified'} AckType
 * @typedef {{type: AckType, operation: string, where: string, what: string, line: number}} Acknowledgement
 * @typedef {{line: number, text: string, reason: string}} Malformed  a line that looks like one and is not
 */

const ACK = /^\s*[-*]\s+(breaking|unclassified)\s+`([^`]+)`\s+`([^`]+)`\s+`([^`]+)`\s*:/i;
const LOOKS_LIKE = /^\s*[-*]\s+(breaking|unclassified)\s+`/i;
const FORMAT = 'a list item "- breaking `operation` `place` `what changed`: why" (or "- unclassified ...")';

/**
 * The acknowledgements of a CHANGELOG's text, and the lines that look like one but are not.
 * @param {string} text
 * @returns {{acks: Acknowledgement[], malformed: Malformed[]}}
 */
export function parseAcknowledgements(text) {
  /** @type {Acknowledgement[]} */
  const acks = [];
  /** @type {Malformed[]} */
  const malformed = [];
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    // A fenced block shows the form (the CHANGELOG's head): its lines acknowledge nothing.
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return;
    const match = ACK.exec(line);
    if (!match) {
      if (LOOKS_LIKE.test(line)) malformed.push({ line: index + 1, text: line.trim(), reason: `not ${FORMAT}` });
      return;
    }
    const [operation, where, what] = [match[2], match[3], match[4]].map((field) => field.trim());
    if (where === '*' || what === '*')
      malformed.push({ line: index + 1, text: line.trim(), reason: 'only the operation may be `*`: name the place and what changed' });
    else acks.push({ type: /** @type {AckType} */ (match[1].toLowerCase()), operation, where, what, line: index + 1 });
  });
  return { acks, malformed };
}

const keyOf = (/** @type {Acknowledgement} */ ack) => [ack.type, ack.operation, ack.where, ack.what].join('\u0000');

/**
 * The acknowledgements (and malformed lines) `text` has that `baseText` (the CHANGELOG at the base; null when
 * it had none) does not, counted as a multiset of (class, operation, place, what): a line moved or with its
 * why reworded is not new; a line added again, for a change made again, is (the later copies are the new ones).
 * @param {string | null} baseText
 * @param {string} text
 * @returns {{acks: Acknowledgement[], malformed: Malformed[]}}
 */
export function addedAcknowledgements(baseText, text) {
  const now = parseAcknowledgements(text);
  if (baseText === null) return now;
  const base = parseAcknowledgements(baseText);
  /** @type {Map<string, number>} */
  const left = new Map();
  for (const ack of base.acks) left.set(keyOf(ack), (left.get(keyOf(ack)) ?? 0) + 1);
  const added = now.acks.filter((ack) => {
    const count = left.get(keyOf(ack)) ?? 0;
    left.set(keyOf(ack), count - 1);
    return count <= 0;
  });
  const baseLines = new Set(base.malformed.map((m) => m.text));
  return { acks: added, malformed: now.malformed.filter((m) => !baseLines.has(m.text)) };
}

/**
 * The acknowledgement that covers a change, or undefined: the same class, operation (or `*`), place and what.
 * @param {Acknowledgement[]} acks
 * @param {{type: string, operationId: string | null, document: string, where: string, what: string}} change
 */
export function acknowledgementOf(acks, change) {
  const operation = change.operationId ?? change.document;
  return acks.find(
    (ack) =>
      ack.type === change.type &&
      (ack.operation === '*' || ack.operation === operation) &&
      ack.where === change.where &&
      ack.what === change.what,
  );
}

/**
 * The lines to add to the CHANGELOG for unacknowledged changes: one per class, place and what, naming the
 * operation, or `*` when the same change is in several operations (they are listed after the colon).
 * @param {Array<{type: string, operationId: string | null, document: string, where: string, what: string}>} changes
 * @returns {string[]}
 */
export function acknowledgementLines(changes) {
  /** @type {Map<string, {type: string, where: string, what: string, operations: string[]}>} */
  const groups = new Map();
  for (const change of changes) {
    const key = [change.type, change.where, change.what].join('\u0000');
    const group = groups.get(key) ?? { type: change.type, where: change.where, what: change.what, operations: [] };
    const operation = change.operationId ?? change.document;
    if (!group.operations.includes(operation)) group.operations.push(operation);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ type, where, what, operations }) => {
    const one = operations.length === 1;
    const which = one ? '' : ` (${operations.length} operations: ${operations.join(', ')})`;
    return `- ${type} \`${one ? operations[0] : '*'}\` \`${where}\` \`${what}\`: <why, and what clients must do>${which}`;
  });
}
