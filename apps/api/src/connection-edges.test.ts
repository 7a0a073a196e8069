import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from './app';
import { buildTestApp, type TestApp } from './test/build-test-app';

// What happens on the socket itself (the parser's refusals, a body still arriving, a close under load) is
// not visible through inject(): these tests talk to a listening server over TCP.

const HEAD_TOO_LARGE = "The request's address and headers are too large (16 KB at most together)";

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The connection ended with a reset or another socket error. */
  error?: string;
}

function parseAnswer(text: string, error?: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = (end < 0 ? text : text.slice(0, end)).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1] ?? 0),
    headers,
    body: end < 0 ? '' : text.slice(end + 4),
    error,
  };
}

/**
 * Writes `request` on a new connection and collects everything until the server closes it; once an
 * answer has arrived the client closes its side too, as curl and browsers do.
 */
function rawExchange(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let error: string | undefined;
    socket.on('data', (chunk) => {
      text += chunk;
      const answer = parseAnswer(text);
      if (
        answer.headers['content-length'] &&
        Buffer.byteLength(answer.body) >= Number(answer.headers['content-length'])
      )
        socket.end();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on('close', () => resolve(parseAnswer(text, error)));
    socket.write(request);
  });
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });
}

const portOf = (t: TestApp) => (t.app.server.address() as { port: number }).port;

describe('the HTTP parser refuses in the house shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['an address of 20,000 characters', `/api/dsa/problems?q=${'a'.repeat(20_000)}`, ''],
    [
      '10,000 query parameters',
      `/api/dsa/problems?${Array.from({ length: 10_000 }, (_, i) => `p${i}=1`).join('&')}`,
      '',
    ],
    ['a 64 KB header', '/api/health', `X-Padding: ${'b'.repeat(64 * 1024)}\r\n`],
  ])('answers %s with 431 and {success:false, error}, then closes the connection', async (_what, url, header) => {
    const answer = await rawExchange(portOf(t), `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\n${header}\r\n`);
    expect(answer).toEqual({
      status: 431,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(answer.body)),
        connection: 'close',
      },
      body: JSON.stringify({ success: false, error: HEAD_TOO_LARGE }),
      error: undefined,
    });
  });

  it.each([
    ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n'],
    ['a header line without a colon', 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nnot a header\r\n\r\n'],
    ['a Content-Length that is not a number', 'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n'],
  ])('answers %s with 400 and {success:false, error}', async (_what, request) => {
    const answer = await rawExchange(portOf(t), request);
    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: 'The request could not be read as HTTP' });
    expect(answer.error).toBeUndefined();
  });

  it('still serves the next connection after refusals', async () => {
    const reply = await fetch(`http://127.0.0.1:${portOf(t)}/api/health`);
    expect(reply.status).toBe(200);
  });
});

/**
 * POSTs a JSON body of `size` bytes to /api/contact with Node's http client: the first MiB, then (like
 * curl or a browser that does not watch for an early answer) the rest once the answer has arrived.
 * `stopAfterAnswer` plays a client that stops sending once answered, and waits for the server to close.
 */
function postLargeBody(port: number, size: number, stopAfterAnswer = false) {
  return new Promise<{ status: number; body: string; requestError?: string; responseError?: string }>((resolve) => {
    const head = '{"name":"Rin","message":"';
    const body = Buffer.concat([Buffer.from(head), Buffer.alloc(size - head.length - 2, 'y'), Buffer.from('"}')]);
    const first = 1024 * 1024;
    const outcome: { status: number; body: string; requestError?: string; responseError?: string } = {
      status: 0,
      body: '',
    };
    // A keep-alive agent leaves the connection to the server: without one, Node's client closes it itself
    // once the answer has ended.
    const agent = new http.Agent({ keepAlive: true });
    const done = () => {
      agent.destroy();
      resolve(outcome);
    };
    const request = http.request({
      port,
      host: '127.0.0.1',
      path: '/api/contact',
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
    });
    request.on('error', (e: NodeJS.ErrnoException) => {
      outcome.requestError = e.code ?? e.message;
      done();
    });
    request.on('socket', (socket) =>
      socket.once('close', () => {
        if (!request.writableFinished && !stopAfterAnswer) outcome.requestError ??= 'closed before the body was sent';
        done();
      }),
    );
    request.on('response', (response) => {
      outcome.status = response.statusCode ?? 0;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        outcome.body += chunk;
      });
      response.on('error', (e: NodeJS.ErrnoException) => {
        outcome.responseError = e.code ?? e.message;
      });
      response.on('end', () => {
        // The rest goes out only now, into a connection the server has already answered.
        if (!stopAfterAnswer) request.end(body.subarray(first), done);
      });
    });
    request.write(body.subarray(0, first));
  });
}

describe('a body past the limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('5 MB of JSON gets 413 {success:false, error}, and the client can send the rest without a reset', async () => {
    expect(5 * 1024 * 1024).toBeGreaterThan(BODY_LIMIT_BYTES);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await postLargeBody(portOf(t), 5 * 1024 * 1024)).toEqual({
        status: 413,
        body: JSON.stringify({ success: false, error: 'Request body is too large' }),
      });
    }
  });

  it('a client that stops sending after the 413 has its connection closed by the server', async () => {
    // Resolves only once the server closes the connection: a leak would time the test out.
    expect(await postLargeBody(portOf(t), 100 * 1024 * 1024, true)).toEqual({
      status: 413,
      body: JSON.stringify({ success: false, error: 'Request body is too large' }),
    });
  });
});

/**
 * The answer on `socket`: resolves with the first complete answer (its Content-Length read), or with what
 * arrived when the connection closed or was reset.
 */
function answerOn(socket: Socket): Promise<RawAnswer> {
  return new Promise((resolve) => {
    let text = '';
    let error: string | undefined;
    socket.on('data', (chunk) => {
      text += chunk;
      const answer = parseAnswer(text);
      if (
        answer.headers['content-length'] &&
        Buffer.byteLength(answer.body) >= Number(answer.headers['content-length'])
      )
        resolve(answer);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code;
    });
    socket.on('close', () => resolve(parseAnswer(text, error)));
  });
}

/** A POST whose body is half written: inside the server's body parsing until `finish` sends the rest. */
function halfSentContact(port: number, subject: string) {
  const body = JSON.stringify({
    name: 'Rin',
    email: 'rin@example.com',
    subject,
    message: `Sent while closing: ${subject}`,
  });
  const half = Math.floor(body.length / 2);
  const socket = connect(port, '127.0.0.1');
  const answer = answerOn(socket);
  const written = new Promise<void>((resolve) =>
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
      () => resolve(),
    ),
  );
  return {
    written,
    finish() {
      socket.write(body.slice(half));
      return answer;
    },
  };
}

describe('closing answers every request sent before it', () => {
  it('40 requests written before the close and 3 half-sent bodies all get a complete 2xx with Connection: close; then the port refuses', async () => {
    const t = await buildTestApp();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = portOf(t);
      const pending = [1, 2, 3].map((i) => halfSentContact(port, `In flight ${i}`));
      await Promise.all(pending.map((request) => request.written));

      // Each request is complete on the wire when its write calls back: most connections are still in the
      // kernel's queue or unread by the server when the close begins.
      const reads: Promise<RawAnswer>[] = [];
      const sockets: Promise<void>[] = [];
      for (let i = 0; i < 40; i++) {
        const socket = connect(port, '127.0.0.1');
        reads.push(answerOn(socket));
        sockets.push(
          new Promise((resolve) =>
            socket.on('connect', () =>
              socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', () => resolve()),
            ),
          ),
        );
      }
      await Promise.all(sockets);
      const closed = t.app.close();

      const contacts = await Promise.all(pending.map((request) => request.finish()));
      for (const answer of contacts) {
        expect(answer).toMatchObject({ status: 201, error: undefined, headers: { connection: 'close' } });
        expect(JSON.parse(answer.body)).toMatchObject({ success: true });
      }
      const answers = await Promise.all(reads);
      expect(answers.map((answer) => `${answer.status} ${answer.headers.connection} ${answer.error ?? ''}`)).toEqual(
        Array(40).fill('200 close '),
      );
      for (const answer of answers) {
        expect(Buffer.byteLength(answer.body)).toBe(Number(answer.headers['content-length']));
        expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok' });
      }
      await closed;
      expect(await refusesConnections(port)).toBe(true);
    } finally {
      await t.close();
    }
  }, 60_000);
});
