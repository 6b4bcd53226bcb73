// Commit subjects of 72 characters or fewer, the detail in the body (issue 29.5): every commit after the base
// (abe9f60, main when the rule came in; one older subject is 73 characters) is checked. A shallow clone that
// lacks the base checks the commits it has that were made after the base's time; a copy without git history
// skips, saying so.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const MAX_SUBJECT = 72;
const BASE = 'abe9f60bb8af5db544ffd495d784bad8319cb0c7';
/** The base's committer time (seconds), for a shallow clone that does not hold the base itself. */
const BASE_COMMIT_TIME = 1796198998;

function git(...args) {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return { ok: result.status === 0, out: result.stdout ?? '' };
}

/** The subjects over the limit, each as `<short hash> (<length>): <subject>`; length in characters, not bytes. */
export function overLimit(/** @type {{hash: string, subject: string}[]} */ commits, limit = MAX_SUBJECT) {
  return commits
    .filter(({ subject }) => [...subject].length > limit)
    .map(({ hash, subject }) => `${hash.slice(0, 9)} (${[...subject].length}): ${subject}`);
}

/** `git log` lines of `%H %ct %s` as commits. */
function parseLog(/** @type {string} */ text) {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [hash, time, ...subject] = line.split(' ');
      return { hash, time: Number(time), subject: subject.join(' ') };
    });
}

void test('the limit counts characters: a 72-character Korean subject passes, 73 fails', () => {
  const korean = '가'.repeat(72);
  assert.deepEqual(overLimit([{ hash: 'a'.repeat(40), subject: korean }]), []);
  assert.deepEqual(overLimit([{ hash: 'b'.repeat(40), subject: `${korean}나` }]), [`bbbbbbbbb (73): ${korean}나`]);
});

void test('every commit after the base has a subject of 72 characters or fewer', (t) => {
  if (!git('rev-parse', '--git-dir').ok || !git('rev-parse', 'HEAD').ok) {
    t.skip('no git history in this copy (no repository or no commit): commit subjects not checked');
    return;
  }
  let commits;
  if (git('cat-file', '-e', `${BASE}^{commit}`).ok) {
    commits = parseLog(git('log', '--format=%H %ct %s', `${BASE}..HEAD`).out);
    t.diagnostic(`${commits.length} commits after ${BASE.slice(0, 7)} checked`);
  } else {
    // A shallow clone: the commits it holds, those made after the base.
    commits = parseLog(git('log', '--format=%H %ct %s', 'HEAD').out).filter((commit) => commit.time > BASE_COMMIT_TIME);
    t.diagnostic(`shallow clone without ${BASE.slice(0, 7)}: ${commits.length} commits it holds made after it checked`);
  }
  assert.deepEqual(overLimit(commits), [], `commit subjects over ${MAX_SUBJECT} characters (put the detail in the body)`);
});
