// Transport faults on node's sockets: answers that are not a usable HTTP response. Each one makes a fetch fail or return an
// unusable body, which the sdk's client reports as status 0 `network-error`.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FaultName } from '../http/faults';

/** The start of a `{data}` envelope, so the cut-off body looks like the beginning of a real answer. */
const ENVELOPE_START = '{"data":{"list":[{"_id":"';

export function sendFault(fault: FaultName, req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket as Socket & { resetAndDestroy?: () => Socket };
  switch (fault) {
    case 'network-error':
      socket.destroy();
      return;
    case 'connection-reset':
      // resetAndDestroy (Node 16.17+) sends a TCP RST instead of a normal close.
      if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
      else socket.destroy();
      return;
    case 'empty-response':
      res.statusCode = 200;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Length', '0');
      res.end();
      return;
    case 'malformed-chunk': {
      // Written on the socket itself: a valid first chunk, then a chunk whose size line is not hex.
      const head = [
        'HTTP/1.1 200 OK',
        'Content-Type: application/json; charset=utf-8',
        'Transfer-Encoding: chunked',
        'Connection: close',
        '',
        '',
      ].join('\r\n');
      const first = `${Buffer.byteLength(ENVELOPE_START).toString(16)}\r\n${ENVELOPE_START}\r\n`;
      socket.end(`${head}${first}zz\r\n6650f1c2a9d3\r\n`);
      return;
    }
    case 'random-data-then-close':
      socket.end(randomBytes(256));
      return;
  }
}
