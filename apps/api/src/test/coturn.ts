import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@samtalsmatch/db/embedded';

/*
 * Debian's coturn (`apt-get install -y coturn`, as .ci/run does) as a test
 * runs it: on 127.0.0.1 only, with coturn's shared-secret scheme
 * (`use-auth-secret` + `static-auth-secret`), no TLS, no CLI, no
 * configuration file. Started by the test and stopped by it; it also stops
 * when the test's process goes away (its stdin closes). Nothing here imports
 * vitest: the browser journeys use it too.
 */

export const TURNSERVER = process.env.TURNSERVER_BIN ?? '/usr/bin/turnserver';
export const TURN_CLIENT = process.env.TURN_CLIENT_BIN ?? '/usr/bin/turnutils_uclient';

export interface Coturn {
  port: number;
  /** `turn:` URL for TURN_URLS (UDP). */
  url: string;
  stop: () => Promise<void>;
}

/** Starts coturn on 127.0.0.1 with `secret`; relays on loopback too. */
export async function startCoturn(secret: string): Promise<Coturn> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'samtalsmatch-coturn-'));
  // A relay range of its own, so that parallel runs on one machine do not share one.
  const minPort = 40_000 + Math.floor(Math.random() * 400) * 50;
  const args = [
    '-n',
    '--listening-ip=127.0.0.1',
    `--listening-port=${port}`,
    '--relay-ip=127.0.0.1',
    `--min-port=${minPort}`,
    `--max-port=${minPort + 49}`,
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    '--realm=samtalsmatch.test',
    '--no-tls',
    '--no-dtls',
    '--no-cli',
    // Both browsers are on this machine: a relayed peer on loopback must be allowed.
    '--allow-loopback-peers',
    '--log-file=stdout',
    `--pidfile=${path.join(dir, 'turnserver.pid')}`,
    // Its own (empty) user database: the shared secret is the only way in.
    `--userdb=${path.join(dir, 'turndb')}`,
  ];
  const command = `"${TURNSERVER}" ${args.map((a) => `'${a}'`).join(' ')} & pid=$!; cat >/dev/null; kill $pid; wait $pid`;
  const child = spawn('sh', ['-c', command], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready once its servers (and their UDP listeners) are created.
  const ready = await new Promise<boolean>((resolve) => {
    let log = '';
    const timer = setTimeout(() => resolve(false), 15_000);
    child.stdout!.on('data', (d: Buffer) => {
      log += d.toString();
      if (/Total General servers/.test(log)) {
        clearTimeout(timer);
        resolve(true);
      }
    });
    child.once('exit', () => resolve(false));
  });
  child.stdout!.resume();
  if (!ready) {
    child.stdin?.end();
    await exited;
    throw new Error('turnserver did not start');
  }
  return {
    port,
    url: `turn:127.0.0.1:${port}?transport=udp`,
    async stop() {
      child.stdin?.end();
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Runs a program; its exit code and everything it printed. */
export function run(
  file: string,
  args: string[],
  timeoutMs: number,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * A TURN Allocate with `username`/`credential` through coturn's own client
 * (turnutils_uclient): it allocates a relay and sends a few messages through
 * it. Exit 0 and messages back: the credentials were accepted.
 */
export async function turnAllocate(
  port: number,
  username: string,
  credential: string,
): Promise<{ accepted: boolean; output: string }> {
  const result = await run(
    TURN_CLIENT,
    ['-p', String(port), '-u', username, '-w', credential, '-n', '1', '-m', '1', '-y', '127.0.0.1'],
    30_000,
  );
  const received = /tot_recv_msgs=([1-9]\d*)/.test(result.output);
  return { accepted: result.code === 0 && received, output: result.output };
}
