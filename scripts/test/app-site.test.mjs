// @ts-check
// The built app's host (lib/app-site.mjs) compresses as a production host does: Brotli to a client that
// accepts it, else gzip, else nothing, the bytes always the file's own; and only when asked to.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { preferredEncoding, serveBuild } from '../lib/app-site.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'app-site-'));
after(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(path.join(root, 'assets'));
const script = `console.log(${JSON.stringify('마켓 '.repeat(2000))});\n`;
writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>t</title>');
writeFileSync(path.join(root, 'assets', 'start-abc.js'), script);

/** GET `pathname` with an Accept-Encoding; the answer's encoding and its body decoded. */
function get(origin, pathname, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const url = new URL(pathname, origin);
    http
      .get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'] ?? null;
          const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
          resolve({ encoding, sent: body.length, text: decoded.toString('utf8'), vary: res.headers.vary });
        });
      })
      .on('error', reject);
  });
}

void test('preferredEncoding: Brotli first, then gzip, else none', () => {
  assert.equal(preferredEncoding('gzip, deflate, br, zstd'), 'br');
  assert.equal(preferredEncoding('gzip, deflate'), 'gzip');
  assert.equal(preferredEncoding('identity'), null);
  assert.equal(preferredEncoding(undefined), null);
  assert.equal(preferredEncoding('brotli-ish'), null);
});

void test('serveBuild({compress: true}) sends Brotli, gzip or the file as the client accepts, the same text each time', async () => {
  const site = await serveBuild(root, { compress: true });
  try {
    const br = await get(site.origin, '/assets/start-abc.js', 'gzip, deflate, br, zstd');
    const gzip = await get(site.origin, '/assets/start-abc.js', 'gzip');
    const plain = await get(site.origin, '/assets/start-abc.js', '');
    assert.deepEqual([br.encoding, gzip.encoding, plain.encoding], ['br', 'gzip', null]);
    for (const answer of [br, gzip, plain]) assert.equal(answer.text, script);
    assert.ok(br.sent < gzip.sent && gzip.sent < plain.sent, `${br.sent} < ${gzip.sent} < ${plain.sent}`);
    assert.equal(br.vary, 'Accept-Encoding');
  } finally {
    await site.close();
  }
});

void test('serveBuild() without compress sends files as they are', async () => {
  const site = await serveBuild(root);
  try {
    const answer = await get(site.origin, '/assets/start-abc.js', 'gzip, br');
    assert.equal(answer.encoding, null);
    assert.equal(answer.text, script);
  } finally {
    await site.close();
  }
});
