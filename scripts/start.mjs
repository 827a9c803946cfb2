// `pnpm start`: build only what changed (build-if-needed.mjs), then run the
// server in this process group. Ctrl+C reaches the server itself, which stops
// cleanly and exits 0; this wrapper ignores the signal, waits and exits with
// the server's code, so a clean stop prints no ELIFECYCLE (start.test.mjs).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs the server as a child in this process group and ends this process
 * with the server's exit code: Ctrl+C (SIGINT to the group) is left to the
 * server, a SIGTERM sent to this wrapper alone (a process manager) is passed on.
 */
export function runServer(command, args, options = {}) {
  // The IPC channel closes when this wrapper dies, however it dies (SIGKILL
  // included): the server then stops itself and its embedded PostgreSQL.
  const server = spawn(command, args, {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    ...options,
  });
  // Ctrl+C goes to the whole process group: the server has it already.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => server.kill('SIGTERM'));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return server;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const built = buildIfNeeded();
  if (built !== 0) process.exit(built);
  runServer(process.execPath, ['dist/server.js'], { cwd: path.join(root, 'apps/api') });
}
