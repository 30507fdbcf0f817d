/**
 * The reference of bench/pages.ts: a bare `node:http` server that answers every request with the
 * same brotli bytes a cached page sends and the same headers (`<file.br>.headers`, JSON pairs), so
 * the two answers are byte for byte alike but for the Date header. Run as `node
 * bench/bare-http.ts <port> <file.br>`; it prints "ready" once listening.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port = '0', file = ''] = process.argv.slice(2);
const body = readFileSync(file);
const headers = (JSON.parse(readFileSync(`${file}.headers`, 'utf8')) as [string, string][]).flat();
createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
