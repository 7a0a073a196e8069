import { type AddressInfo, connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long the close waits for its own probe connection to come through the queue (half the drain deadline). */
const PROBE_TIMEOUT_MS = 5000;
/** Event-loop turns after the probe: one reads what waits on the connections just accepted, one spare. */
const READ_TURNS = 2;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Resolves once the server has accepted every connection the kernel queued before this call. Node accepts
 * one queued connection per turn of the event loop, so a burst can wait many turns; the queue is first in,
 * first out, so when a connection of our own, made now, is accepted, all those before it have been.
 */
function acceptQueued(server: FastifyInstance['server']): Promise<void> {
  const address = server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return Promise.resolve();
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return new Promise((resolve) => {
    let probe: Socket | undefined;
    const done = () => {
      clearTimeout(timer);
      server.off('connection', onConnection);
      probe?.destroy();
      resolve();
    };
    const onConnection = (socket: Socket) => {
      if (probe?.localPort === undefined || socket.remotePort !== probe.localPort) return;
      socket.destroy();
      done();
    };
    const timer = setTimeout(done, PROBE_TIMEOUT_MS);
    server.on('connection', onConnection);
    probe = connect({ host, port: address.port });
    probe.on('error', done);
  });
}

/**
 * A close answers every request sent before it. Fastify's close lets requests it has routed finish (app.ts
 * turns off its 503 for the rest), but Node's server.close() stops listening, which resets the connections
 * the kernel accepted that Node had not yet, and destroys every connection with no request *read* yet,
 * such as one whose request still sat in its socket buffer. So before the listener goes, the close lets
 * Node accept everything already queued and read what has arrived on it; whatever comes after is refused.
 * Every reply from the start of the close carries `Connection: close`, so no client sends another request
 * on a connection that is about to go.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    if (!app.server.listening) return;
    await acceptQueued(app.server);
    for (let turn = 0; turn < READ_TURNS; turn++) await nextTurn();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // A body still arriving keeps its connection until it is read (plugins/errors.ts); the drain's deadline
    // in server.ts cuts it if that takes too long.
    if (closing && request.raw.complete !== false) reply.header('connection', 'close');
    done(null, payload);
  });
}
