/**
 * The DSA sheet's problem list as a browser loads it: the shared catalogue (precompressed, with an ETag), the
 * learner's own flags and everyone's numbers per problem. Measures the bytes on the wire for a first and a repeat visit, and runs the routes under
 * load counting a 304 as the expected answer rather than an error.
 */
import http from 'node:http';
import { DURATION_S, loadFigures, type Measured, runLoad, WARMUP_S } from './load-test';

/** What a browser that takes brotli sends. */
export const BROWSER_ENCODINGS = 'br, gzip';

interface WireReply {
  status: number;
  /** Everything read from the socket: status line, headers and body. */
  bytes: number;
  bodyBytes: number;
  etag?: string;
}

/** One GET on its own connection, so the socket's byte count is this reply's. */
export function wireGet(url: string, headers: Record<string, string>): Promise<WireReply> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      let bodyBytes = 0;
      response.on('data', (chunk: Buffer) => {
        bodyBytes += chunk.length;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          bytes: response.socket.bytesRead,
          bodyBytes,
          etag: typeof response.headers.etag === 'string' ? response.headers.etag : undefined,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export interface ProblemListWire {
  /** Empty cache: the catalogue in full (brotli) and the flags. */
  firstVisit: { catalogue: WireReply; flags: WireReply; problemStats: WireReply; totalBytes: number };
  /** The browser revalidates its catalogue (304) and asks for the flags again. */
  repeatVisit: { catalogue: WireReply; flags: WireReply; totalBytes: number };
  /** The one-call list of before (`GET /api/dsa/problems`, compressed on the fly), for comparison. */
  oneCallList: WireReply;
  etag: string;
}

export async function problemListWire(base: string, auth: Record<string, string>, zone: string) {
  const encodings = { 'accept-encoding': BROWSER_ENCODINGS };
  const catalogue = await wireGet(`${base}/api/dsa/catalogue`, { ...auth, ...encodings });
  const flags = await wireGet(`${base}/api/dsa/progress/flags`, { ...auth, ...encodings });
  // Everyone's numbers (issue 28): a third, small reply of the sheet's first load.
  const problemStats = await wireGet(`${base}/api/dsa/problem-stats`, { ...auth, ...encodings });
  const etag = catalogue.etag ?? '';
  const revalidated = await wireGet(`${base}/api/dsa/catalogue`, { ...auth, ...encodings, 'if-none-match': etag });
  const flagsAgain = await wireGet(`${base}/api/dsa/progress/flags`, { ...auth, ...encodings });
  const oneCallList = await wireGet(`${base}/api/dsa/problems?timeZone=${zone}`, { ...auth, ...encodings });
  return {
    firstVisit: { catalogue, flags, problemStats, totalBytes: catalogue.bytes + flags.bytes + problemStats.bytes },
    repeatVisit: { catalogue: revalidated, flags: flagsAgain, totalBytes: revalidated.bytes + flagsAgain.bytes },
    oneCallList,
    etag,
  } satisfies ProblemListWire;
}

export interface MeasuredWithNotModified extends Measured {
  /** Answers 304: expected for a revalidation, so not counted in non2xx. */
  notModified: number;
}

/** Like `measure`, but a 304 counts as a right answer. */
export async function measureRevalidation(
  name: string,
  url: string,
  headers: Record<string, string>,
): Promise<MeasuredWithNotModified> {
  process.stdout.write(`  ${name}: warming up ${WARMUP_S} s, measuring ${DURATION_S} s... `);
  await runLoad(url, WARMUP_S, { headers });
  const result = await runLoad(url, DURATION_S, { headers });
  const figures = loadFigures(result);
  const notModified = result['3xx'];
  const measured = { name, url, ...figures, non2xx: figures.non2xx - notModified, notModified };
  console.log(`${measured.requestsPerSecond} req/s, p99 ${measured.latencyMs.p99} ms, ${notModified} answers 304`);
  return measured;
}

/** The problem list's routes must answer within this at 64 connections, with no errors. */
export const PROBLEM_LIST_TARGET_P99_MS = 50;

/** Whether a row of the results is one of the split problem list's routes. */
export const isProblemListRow = (row: Measured) =>
  row.url.includes('/api/dsa/catalogue') || row.url.includes('/api/dsa/progress/flags');

/** The summary's lines on the problem list: its target and its bytes. */
export function problemListSummary(wire: ProblemListWire, results: Measured[]): string {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const rows = results.filter(isProblemListRow);
  const met = rows.every((row) => row.latencyMs.p99 < PROBLEM_LIST_TARGET_P99_MS && row.non2xx + row.errors === 0);
  const verdicts = rows.map((row) => `${row.name}: p99 ${row.latencyMs.p99} ms, ${row.non2xx + row.errors} errors`);
  return `Problem list target (p99 < ${PROBLEM_LIST_TARGET_P99_MS} ms, no errors): ${met ? 'met' : 'not met'}.
${verdicts.map((line) => `- ${line}`).join('\n')}

Problem list on the wire (\`Accept-Encoding: ${BROWSER_ENCODINGS}\`, headers included), for the learner with 500 solves:
- first visit: ${kib(wire.firstVisit.totalBytes)} (catalogue ${kib(wire.firstVisit.catalogue.bytes)}, flags ${kib(wire.firstVisit.flags.bytes)});
- repeat visit (catalogue revalidated, ${wire.repeatVisit.catalogue.status}): ${kib(wire.repeatVisit.totalBytes)} (catalogue ${kib(wire.repeatVisit.catalogue.bytes)}, flags ${kib(wire.repeatVisit.flags.bytes)});
- the one-call list of before (\`GET /api/dsa/problems\`): ${kib(wire.oneCallList.bytes)} on every visit.
`;
}
