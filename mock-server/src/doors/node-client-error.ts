// Requests node:http refuses before any listener sees them. Node's own answer to a request line and
// headers past its limit (maxHeaderSize, 16 KiB) is a bare 431 without CORS headers, so a page of the app
// could not read it and the browser's console blamed CORS. Here that answer is in the catalogue's shape,
// with the CORS headers an allowed origin gets (the core's); other malformed requests get a 400.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { corsHeaders } from '../core/core';
import { ApiFailure, toErrorResponse } from '../http/failure';

/**
 * The Origin named in the bytes node had read, when they include it (they come in reads of up to 64 KiB:
 * a request far past the limit may name its Origin after them, and gets no CORS headers).
 */
function originIn(packet: Buffer | undefined): string | undefined {
  if (!packet) return undefined;
  return /\r\norigin:[ \t]*([^\r\n]*)/i.exec(packet.toString('latin1'))?.[1]?.trim();
}

/** The server's 'clientError' listener. */
export function clientErrorHandler(originAllowed: (origin: string) => boolean) {
  return (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket): void => {
    if (!socket.writable || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const failure =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? new ApiFailure(431, 'header-too-large', { message: '요청 주소와 헤더가 너무 길어요. 16 KiB까지 받아요.' })
        : new ApiFailure(400, 'bad-request', { message: 'HTTP 요청 형식이 올바르지 않아요.' });
    const { status, body } = toErrorResponse(failure);
    const text = JSON.stringify(body);
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(text)}`,
      'Connection: close',
      ...Object.entries(corsHeaders(originAllowed, originIn(err.rawPacket), {})).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${text}`);
  };
}
