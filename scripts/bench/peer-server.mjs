#!/usr/bin/env node
// The bench's peers, run as their own process like the mock server (so that autocannon, in the bench's
// process, never shares an event loop with the server it measures):
//   node peer-server.mjs --kind bare    --port N --routes FILE   bare node:http, pre-serialised bytes (the ceiling)
//   node peer-server.mjs --kind express --port N --routes FILE   a plain Express 5 route per entry with res.json
// FILE is a JSON array of {method, path, status, body}: the mock server's own answers, captured by the bench,
// so every server sends the same bytes. Prints "[peer] ready" once listening.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import express from 'express';

const { values } = parseArgs({ options: { kind: { type: 'string' }, port: { type: 'string' }, routes: { type: 'string' } } });
const routes = JSON.parse(readFileSync(values.routes, 'utf8'));
const port = Number(values.port);

function bareServer() {
  const answers = new Map(
    routes.map((route) => [`${route.method} ${route.path}`, { status: route.status, bytes: Buffer.from(JSON.stringify(route.body)) }]),
  );
  return http.createServer((req, res) => {
    const answer = answers.get(`${req.method} ${req.url}`);
    // The request body is read (not parsed) before answering, as any server must.
    req.resume();
    req.on('end', () => {
      if (!answer) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': answer.bytes.length });
      res.end(answer.bytes);
    });
  });
}

function expressServer() {
  const app = express();
  // The same app settings as the mock server (no ETag hashing, no X-Powered-By), so the difference between
  // the two is our pipeline alone.
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(express.json({ limit: '100kb' }));
  for (const route of routes) {
    const { pathname } = new URL(route.path, 'http://peer');
    app[route.method.toLowerCase()](pathname, (_req, res) => {
      res.status(route.status).json(route.body);
    });
  }
  return http.createServer(app);
}

const server = values.kind === 'bare' ? bareServer() : values.kind === 'express' ? expressServer() : null;
if (!server) {
  console.error(`[peer] unknown --kind ${values.kind}`);
  process.exit(2);
}
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => console.log(`[peer] ready (${values.kind}) on ${port}`));
process.on('SIGTERM', () => process.exit(0));
