/**
 * The benchmark's yardstick: a bare Node `http` server answering every
 * request with the same bytes and headers from memory (issue 3 budget b).
 * Reads them from the JSON file named by BENCH_BODY: { headers, bodyBase64 }.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const spec = JSON.parse(readFileSync(process.env.BENCH_BODY!, 'utf8')) as {
  headers: [string, string][];
  bodyBase64: string;
};
const body = Buffer.from(spec.bodyBase64, 'base64');
const headers = [...spec.headers, ['Content-Length', String(body.length)]];
const server = createServer((_req, res) => {
  res.writeHead(200, headers.flat());
  res.end(body);
});
server.keepAliveTimeout = 5000;
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
