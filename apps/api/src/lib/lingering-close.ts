import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a refused request may go on arriving after its answer left. Closing a socket that still has
 * unread bytes makes the kernel send a reset, and a client still busy sending (curl, Node's http, a browser's
 * upload) then loses the answer it was about to read; so the rest is read and dropped for this long first.
 */
export const LINGER_MS = 2000;

/**
 * An answer sent before the request's body was read (413 on a declared length past the limit, a 401 before
 * an upload): the rest of the body is read and dropped, and a client still sending after LINGER_MS loses
 * the connection. A body that ends in time leaves the connection usable for the next request.
 */
export function readRestOfBody(raw: IncomingMessage): void {
  // Injected requests (tests) have no `complete` and nothing on the wire.
  if (raw.complete !== false || raw.destroyed) return;
  raw.resume();
  const timer = setTimeout(() => raw.socket?.destroy(), LINGER_MS);
  timer.unref();
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
}

const answered = new WeakSet<Socket>();

/**
 * Writes a last answer on a connection whose request could not be parsed (a head past Node's limit, bytes
 * that are not HTTP) and closes it gently: our side ends after the answer, Node's parser goes on reading
 * (and failing on) whatever else arrives, and the socket is destroyed once the client closes its side or
 * after LINGER_MS. Node reports the failure again for every later chunk; only the first is answered.
 */
export function answerThenClose(socket: Socket, response: string): void {
  if (answered.has(socket)) return;
  answered.add(socket);
  // An answer already under way on this connection (to a pipelined request) cannot be followed by another.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(response);
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}
