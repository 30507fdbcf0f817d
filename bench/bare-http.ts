/**
 * The reference of bench/pages.ts: a bare `node:http` server that answers every request with the
 * same brotli bytes a cached page sends (content type, encoding and length), nothing else. Run as
 * `node bench/bare-http.ts <port> <file.br>`; it prints "ready" once listening.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port = '0', file = ''] = process.argv.slice(2);
const body = readFileSync(file);
const headers = [
  'content-type',
  'text/html; charset=utf-8',
  'content-encoding',
  'br',
  'content-length',
  String(body.length),
];
createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
