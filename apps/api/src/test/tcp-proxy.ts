import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP relay in front of a server (PostgreSQL, Redis) that a test can cut and restore, to see the app
 * lose a dependency and get it back without stopping the real service other tests use.
 */
export interface TcpProxy {
  /** The local port the app connects to instead of the target's. */
  readonly port: number;
  /** Drops every open connection and stops listening: new connections are refused. */
  cut(): Promise<void>;
  /** Drops every open connection, then accepts new ones but never answers (a network that lost the server). */
  blackHole(): Promise<void>;
  /** Relays again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const relay = (client: Socket) => {
    const upstream = tcpConnect(targetPort, targetHost);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      socket.on('error', drop);
      socket.on('close', drop);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const swallow = (client: Socket) => {
    sockets.add(client);
    client.on('error', () => client.destroy());
  };
  let server: Server | undefined;
  const listen = (port: number, accept = relay) =>
    new Promise<number>((resolve, reject) => {
      const next = createServer(accept);
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        resolve((next.address() as { port: number }).port);
      });
    });
  const stop = async () => {
    const current = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };
  const port = await listen(0);
  return {
    port,
    cut: stop,
    async blackHole() {
      await stop();
      await listen(port, swallow);
    },
    async restore() {
      await stop();
      await listen(port);
    },
    close: stop,
  };
}
