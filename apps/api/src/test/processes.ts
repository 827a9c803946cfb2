import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '@samtalsmatch/db';

/**
 * API processes of their own, as production runs them (one per port, all on
 * one database): for the two-process test and the scale benchmark. Nothing
 * here imports vitest.
 */

/** The API's source entry (run with tsx) and its build (`pnpm build`, plain node). */
export const API_SOURCE_ENTRY = path.join(REPO_ROOT, 'apps', 'api', 'src', 'server.ts');
export const API_BUILT_ENTRY = path.join(REPO_ROOT, 'apps', 'api', 'dist', 'server.js');

export interface ApiProcess {
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** The exit code (null when ended by a signal). */
  exited: Promise<number | null>;
}

/**
 * Starts one API process on 127.0.0.1:`port` with `env` (on top of this
 * process's environment). It stops itself (SIGTERM, its graceful drain) when
 * this process goes away, however that happens: its stdin closes.
 * `entry` ending in .ts runs with tsx. Its log (stdout, JSON lines) goes to
 * `onLogLine` when given, else nowhere.
 */
export function startApiProcess(options: {
  entry: string;
  port: number;
  env: Record<string, string>;
  onLogLine?: (line: string) => void;
}): ApiProcess {
  const launcher = [
    "process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));",
    'process.stdin.resume();',
    `await import(${JSON.stringify(options.entry)});`,
  ].join('\n');
  const child = spawn(
    process.execPath,
    [
      ...(options.entry.endsWith('.ts') ? ['--import', 'tsx'] : []),
      '--input-type=module',
      '-e',
      launcher,
    ],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...options.env, HOST: '127.0.0.1', PORT: String(options.port) },
      stdio: ['pipe', options.onLogLine ? 'pipe' : 'ignore', 'inherit'],
    },
  );
  if (options.onLogLine && child.stdout) {
    createInterface({ input: child.stdout }).on('line', options.onLogLine);
  }
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { port: options.port, baseUrl: `http://127.0.0.1:${options.port}`, child, exited };
}

/** Waits until GET `baseUrl`/api/ready answers 200; throws after `timeoutMs` or when `api` exits first. */
export async function waitUntilReady(
  baseUrl: string,
  options: { timeoutMs?: number; api?: ApiProcess } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (options.api && options.api.child.exitCode !== null) {
      throw new Error(`the API process on ${baseUrl} exited (${options.api.child.exitCode})`);
    }
    const res = await fetch(`${baseUrl}/api/ready`).catch(() => undefined);
    if (res?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`${baseUrl}/api/ready did not answer 200 in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Stops an API process: closes its stdin and sends SIGTERM (its drain), and
 * SIGKILL after `graceMs` if it is still there.
 */
export async function stopApiProcess(api: ApiProcess, graceMs = 15_000): Promise<void> {
  const running = () => api.child.exitCode === null && api.child.signalCode === null;
  if (!running()) return;
  api.child.stdin?.end();
  api.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    api.exited,
    new Promise((resolve) => {
      timer = setTimeout(resolve, graceMs);
    }),
  ]);
  clearTimeout(timer);
  if (running()) {
    api.child.kill('SIGKILL');
    await api.exited;
  }
}
