import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// deploy/drain.sh's edits of the nginx file and its refusals, with `true` as
// nginx (the two-process test runs it on a real nginx and real processes).
const script = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'deploy',
  'drain.sh',
);

const UPSTREAM = `upstream samtalsmatch_api {
    server 127.0.0.1:3001 max_fails=1 fail_timeout=5s; # deployment: API process
    server 127.0.0.1:3002 max_fails=1 fail_timeout=5s; # deployment: API process
}
server {
    listen 80;
}
`;

let dir;
let master;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'samtalsmatch-drain-'));
  // A stand-in nginx master without workers: nothing to wait for after the reload.
  master = spawn('sleep', ['60'], { stdio: 'ignore' });
  writeFileSync(path.join(dir, 'nginx.pid'), `${master.pid}\n`);
});
afterAll(() => {
  master.kill();
  rmSync(dir, { recursive: true, force: true });
});

function drain(...args) {
  const result = spawnSync(script, args, {
    encoding: 'utf8',
    env: {
      ...process.env,
      NGINX: 'true',
      NGINX_CONF: path.join(dir, 'nginx.conf'),
      NGINX_PID_FILE: path.join(dir, 'nginx.pid'),
      DRAIN_TIMEOUT: '5',
    },
  });
  return { status: result.status, stderr: result.stderr };
}
const conf = () => readFileSync(path.join(dir, 'nginx.conf'), 'utf8');

describe('deploy/drain.sh', () => {
  it('marks the one server line down and back up, and nothing else', () => {
    writeFileSync(path.join(dir, 'nginx.conf'), UPSTREAM);
    expect(drain('down', '127.0.0.1:3001').status).toBe(0);
    expect(conf()).toBe(
      UPSTREAM.replace(
        '3001 max_fails=1 fail_timeout=5s;',
        '3001 max_fails=1 fail_timeout=5s down;',
      ),
    );
    // Again: no second mark.
    expect(drain('down', '127.0.0.1:3001').status).toBe(0);
    expect(conf().match(/ down;/g)).toHaveLength(1);
    expect(drain('up', '127.0.0.1:3001').status).toBe(0);
    expect(conf()).toBe(UPSTREAM);
  });

  it('refuses to take out the last process, an address not in the upstream, and a wrong call', () => {
    writeFileSync(path.join(dir, 'nginx.conf'), UPSTREAM);
    expect(drain('down', '127.0.0.1:3001').status).toBe(0);
    const last = drain('down', '127.0.0.1:3002');
    expect(last.status).toBe(1);
    expect(last.stderr).toContain('is the last process in the upstream');
    const unknown = drain('down', '127.0.0.1:300');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('has 0 upstream server lines for 127.0.0.1:300');
    expect(drain('sideways', '127.0.0.1:3001').status).toBe(2);
    expect(drain('down').status).toBe(2);
    expect(conf().match(/ down;/g)).toHaveLength(1);
  });
});
