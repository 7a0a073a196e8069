/**
 * npm run bench:upload -w bench: starts the real API (server.ts) on a small database of its own, uploads a
 * generated BENCH_UPLOAD_MB video (200 MB: an MP4 header, then filler) to POST /api/media the way a browser
 * does (one multipart body, sent as fast as the server takes it), and samples the server process's resident
 * memory every 20 ms from /proc. The target: the server stays under 300 MB. Writes
 * bench/results/upload-memory-<date>.json and bench/results/upload-memory.md, then drops the database.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { signSessionToken } from '../apps/api/src/plugins/auth';
import { BENCH_JWT_SECRET } from './generate';
import { createMigratedDatabase, databaseUrlOn, dropDatabase, SERVER_URL } from './lib/database';
import { startServer, stopServer, writeResults } from './lib/load-test';

const DATABASE = process.env.BENCH_UPLOAD_DATABASE ?? 'learnbuild_bench_upload';
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const TARGET_MB = 300;
const port = Number(process.env.BENCH_UPLOAD_PORT ?? 3396);
const barePort = port + 1;
const MB = 1024 * 1024;

const databaseUrl = () => databaseUrlOn(SERVER_URL, DATABASE);

/** A fresh database holding one instructor with a session; returns that session's token. */
async function prepare(): Promise<string> {
  await dropDatabase(SERVER_URL, DATABASE);
  await createMigratedDatabase(SERVER_URL, DATABASE);
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const session = await client.query<{ id: string; expires_at: Date }>(
      `with instructor as (
         insert into users (name, email, role, email_verified_at)
         values ('Bench Instructor', 'upload-instructor@bench.local', 'Instructor', now()) returning id)
       insert into sessions (user_id, expires_at) select id, now() + interval '1 day' from instructor
       returning id, expires_at`,
    );
    const row = session.rows[0]!;
    return signSessionToken(BENCH_JWT_SECRET, row.id, row.expires_at);
  } finally {
    await client.end();
  }
}

/** Resident memory of a process, from /proc (Linux). */
function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kib * 1024;
}

/** Streams one multipart body of `size` file bytes, reusing one 1 MB buffer so the client holds no file either. */
function upload(token: string, size: number): Promise<{ status: number; body: string }> {
  const boundary = `----learnbuildbench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const mp4Header = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom')]);
  const filler = Buffer.alloc(MB, 0x2a);
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: '/api/media',
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    (async () => {
      request.write(head);
      request.write(mp4Header);
      let sent = mp4Header.length;
      while (sent < size) {
        const piece = filler.subarray(0, Math.min(filler.length, size - sent));
        sent += piece.length;
        if (!request.write(piece)) await new Promise((drained) => request.once('drain', drained));
      }
      request.end(tail);
    })().catch(reject);
  });
}

async function main() {
  console.log(`Upload memory: ${UPLOAD_MB} MB video to POST /api/media`);
  const token = await prepare();
  const server = await startServer({
    BENCH_DATABASE: DATABASE,
    BENCH_PORT: String(port),
    BENCH_BARE_PORT: String(barePort),
  });
  try {
    const pid = server.pid!;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = rssBytes(pid);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssBytes(pid));
    }, 20);
    const started = Date.now();
    const reply = await upload(token, UPLOAD_MB * MB);
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssBytes(pid));
    const after = rssBytes(pid);
    if (reply.status !== 201) throw new Error(`upload answered ${reply.status}: ${reply.body}`);
    const media = JSON.parse(reply.body).media as { id: string; size: number; mime: string };
    if (media.size !== UPLOAD_MB * MB || media.mime !== 'video/mp4') throw new Error(`unexpected reply ${reply.body}`);
    await fetch(`http://127.0.0.1:${port}/api/media/${media.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });

    const toMb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
    const report = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg() },
      uploadMb: UPLOAD_MB,
      seconds: Math.round(seconds * 10) / 10,
      throughputMbPerSecond: Math.round((UPLOAD_MB / seconds) * 10) / 10,
      serverRssMb: { idle: toMb(idle), peak: toMb(peak), after: toMb(after), growth: toMb(peak - idle) },
      targetPeakMb: TARGET_MB,
    };
    const verdict = report.serverRssMb.peak < TARGET_MB ? 'met' : 'missed';
    console.log(
      `  ${report.seconds} s (${report.throughputMbPerSecond} MB/s); server RSS idle ${report.serverRssMb.idle} MB, peak ${report.serverRssMb.peak} MB (target under ${TARGET_MB} MB: ${verdict})`,
    );
    writeResults('upload-memory', report, {
      'upload-memory.md': `# Upload memory benchmark

${report.date} · ${report.machine.cpus} CPUs · Node ${report.machine.node} · load average ${report.machine.loadAverage[0]!.toFixed(1)}

One ${UPLOAD_MB} MB video (an MP4 header, then filler) sent to \`POST /api/media\` as one multipart body over a local
connection, the server in its own process; its resident memory (VmRSS) sampled every 20 ms.

| upload | time | throughput | server RSS idle | server RSS peak | growth | peak < ${TARGET_MB} MB |
|---|---|---|---|---|---|---|
| ${UPLOAD_MB} MB | ${report.seconds} s | ${report.throughputMbPerSecond} MB/s | ${report.serverRssMb.idle} MB | ${report.serverRssMb.peak} MB | ${report.serverRssMb.growth} MB | ${verdict === 'met' ? 'yes' : 'no'} |
`,
    });
  } finally {
    await stopServer(server);
    await dropDatabase(SERVER_URL, DATABASE);
  }
}

await main();
