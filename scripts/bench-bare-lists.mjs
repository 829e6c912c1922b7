// The bare reference of the list figures (bench-list-reference.mjs): Fastify and node-postgres, nothing else (no
// login, no hooks, no ORM, no schema). Each route runs the SQL statements given in BENCH_LIST_ROUTES
// ({ "/path": [{ text, values, named }] }: what the server sent for one request of that list, captured on the wire)
// one after the other with the same values on every request, and answers the rows of the one with the most as JSON. Started by
// the bench on PORT.
import Fastify from 'fastify';
import pg from 'pg';

const routes = JSON.parse(process.env.BENCH_LIST_ROUTES ?? '{}');
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.BENCH_POOL_SIZE ?? 10),
});
const app = Fastify();
let n = 0;
for (const [url, statements] of Object.entries(routes)) {
  // a statement the server prepared (named) is prepared here too: parsed and planned once per connection
  const queries = statements.map(({ text, values, named }) => ({
    text,
    values,
    ...(named ? { name: `bare_${n++}` } : {}),
  }));
  app.get(url, async () => {
    // the list is the statement with the most rows (the plan's entries come before the day's marks, and the
    // audit row's insert answers none): those rows are the answer, as the project answers the list it read
    let list = [];
    for (const query of queries) {
      const { rows } = await pool.query(query);
      if (rows.length >= list.length) list = rows;
    }
    return list;
  });
}
app.get('/health', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
