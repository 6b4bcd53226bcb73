// @ts-check
// Breaking changes acknowledged in openapi/CHANGELOG.md: a list item, anywhere in the file, of the form
//
//   - breaking `listCarts` `response 200 data[].market.desc`: the cart no longer shows the description
//
// naming the operation and the place exactly as `pnpm contract:diff` prints them (either may be `*`: every
// operation, every place; not both). The text after the colon is for people.
import { existsSync, readFileSync } from 'node:fs';

/** @typedef {{operation: string, where: string, line: number}} Acknowledgement */

const ACK = /^\s*[-*]\s+breaking\s+`([^`]+)`\s+`([^`]+)`/i;

/**
 * The acknowledgements of a CHANGELOG's text.
 * @param {string} text
 * @returns {Acknowledgement[]}
 */
export function parseAcknowledgements(text) {
  /** @type {Acknowledgement[]} */
  const acks = [];
  text.split('\n').forEach((line, index) => {
    const match = ACK.exec(line);
    if (match) acks.push({ operation: match[1].trim(), where: match[2].trim(), line: index + 1 });
  });
  return acks;
}

/** The acknowledgements of a CHANGELOG file (none when it does not exist). */
export function readAcknowledgements(/** @type {string} */ file) {
  return existsSync(file) ? parseAcknowledgements(readFileSync(file, 'utf8')) : [];
}

/**
 * The acknowledgement that covers a change, or undefined.
 * @param {Acknowledgement[]} acks
 * @param {{operationId: string | null, document: string, where: string}} change
 */
export function acknowledgementOf(acks, change) {
  const operation = change.operationId ?? change.document;
  return acks.find(
    (ack) =>
      // `*` `*` would acknowledge every change there will ever be: it acknowledges none.
      !(ack.operation === '*' && ack.where === '*') &&
      (ack.operation === '*' || ack.operation === operation) &&
      (ack.where === '*' || ack.where === change.where),
  );
}

/** The line to add to the CHANGELOG for a change. */
export const acknowledgementLine = (/** @type {{operationId: string | null, document: string, where: string, what: string}} */ change) =>
  `- breaking \`${change.operationId ?? change.document}\` \`${change.where}\`: ${change.what}; <why, and what clients must do>`;
