import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const startScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'start.mjs');

// A stand-in for apps/api/dist/server.js: says it is up, stops cleanly (exit 0)
// on SIGINT or SIGTERM as the real server does, or exits with the code asked for.
const FAKE_SERVER = `
process.on('SIGINT', () => { console.log('stopped on SIGINT'); process.exit(0); });
process.on('SIGTERM', () => { console.log('stopped on SIGTERM'); process.exit(0); });
console.log('ready');
if (process.argv[2]) process.exit(Number(process.argv[2]));
setInterval(() => {}, 1000);
`;

let dir;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'samtalsmatch-start-'));
  writeFileSync(path.join(dir, 'server.cjs'), FAKE_SERVER);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** start.mjs's wrapper around the fake server, as the leader of its own process group (a terminal's). */
function startWrapper(exitCode) {
  const wrapper = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { runServer } = await import(${JSON.stringify(startScript)});
       runServer(process.execPath, [${JSON.stringify(path.join(dir, 'server.cjs'))}${exitCode === undefined ? '' : `, '${exitCode}'`}]);`,
    ],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  wrapper.stdout.on('data', (c) => (stdout += c));
  wrapper.stderr.on('data', (c) => (stderr += c));
  const ready = new Promise((resolve) => {
    wrapper.stdout.on('data', () => {
      if (stdout.includes('ready')) resolve();
    });
  });
  const exited = new Promise((resolve) =>
    wrapper.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { wrapper, ready, exited };
}

describe('pnpm start: a clean stop exits 0 (so pnpm prints no ELIFECYCLE)', () => {
  it('Ctrl+C (SIGINT to the whole process group): the server stops, the wrapper exits 0', async () => {
    const { wrapper, ready, exited } = startWrapper();
    await ready;
    process.kill(-wrapper.pid, 'SIGINT');
    const result = await exited;
    expect(result).toMatchObject({ code: 0, signal: null, stderr: '' });
    expect(result.stdout).toContain('stopped on SIGINT');
  });

  it('SIGTERM to the wrapper alone (a process manager) is passed on, then exit 0', async () => {
    const { wrapper, ready, exited } = startWrapper();
    await ready;
    process.kill(wrapper.pid, 'SIGTERM');
    const result = await exited;
    expect(result).toMatchObject({ code: 0, signal: null, stderr: '' });
    expect(result.stdout).toContain('stopped on SIGTERM');
  });

  it("a failing server's exit code is the wrapper's", async () => {
    const { exited } = startWrapper(3);
    expect((await exited).code).toBe(3);
  });
});
