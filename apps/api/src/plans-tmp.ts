import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '/work/main/apps/api/src/db/schema';
import * as q from '/work/main/apps/api/src/modules/community/queries';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/lb_bench_community_dev' });
const statements: { sql: string; params: unknown[] }[] = [];
const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => statements.push({ sql, params }) } });
const cases = [
  { sort: 'latest', limit: 20, offset: 0 },
  { sort: 'top', limit: 20, offset: 0 },
  { sort: 'unanswered', limit: 20, offset: 0 },
  { sort: 'latest', category: 'dsa-help', limit: 20, offset: 0 },
  { sort: 'top', category: 'dsa-help', limit: 20, offset: 0 },
  { sort: 'latest', limit: 20, offset: 2000 },
  { sort: 'latest', q: 'dijkstra heap', limit: 20, offset: 0 },
  { sort: 'top', q: 'dijkstra heap', limit: 20, offset: 0 },
] as const;
for (const c of cases) {
  statements.length = 0;
  const t0 = performance.now();
  const r = await q.listThreads(db as any, c as any);
  const ms = performance.now() - t0;
  console.log(JSON.stringify(c), 'rows', r.rows.length, 'total', r.total, ms.toFixed(1), 'ms');
  for (const s of statements) {
    const t1 = performance.now();
    const plan = await pool.query('explain (analyze, costs off) ' + s.sql, s.params as any[]);
    const lines = plan.rows.map((row) => row['QUERY PLAN']);
    console.log('   ', lines.filter((l: string) => /Scan|Sort|Execution|Limit/.test(l)).slice(0, 8).map((l: string) => l.trim()).join(' | '));
  }
}
await pool.end();
