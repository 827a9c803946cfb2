import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '@samtalsmatch/db';

/** Debian's nginx (CI installs it the way it installs Chromium). */
export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export const PRODUCTION_CONFIG = path.join(REPO_ROOT, 'deploy', 'nginx.conf');

export interface RenderOptions {
  /** Where nginx listens (HTTP, 127.0.0.1). */
  listenPort: number;
  /** The port the plain-HTTP redirect server listens on. */
  redirectPort: number;
  /** The API processes' ports, in upstream order. */
  apiPorts: number[];
  /** A folder for nginx's pid, logs and temporary files. */
  dir: string;
}

/**
 * deploy/nginx.conf as a test runs it: the lines marked `# deployment:` get
 * this machine's ports, the TLS lines go (the test speaks plain HTTP), and
 * a response header names the process that answered; wrapped in a main
 * configuration whose every path is inside `dir`.
 */
export function renderNginxConfig(production: string, options: RenderOptions): string {
  const lines: string[] = [];
  let apiLine = 0;
  let listen80 = false;
  let listen443 = false;
  for (const line of production.split('\n')) {
    const marker = line.trim().startsWith('#')
      ? undefined
      : /#\s*deployment:(.+)$/.exec(line)?.[1]?.trim();
    const indent = /^\s*/.exec(line)![0];
    if (!marker) {
      lines.push(line);
      if (/^\s*location \/ \{$/.test(line)) {
        lines.push(`${indent}    add_header X-Served-By $upstream_addr always;`);
      }
      continue;
    }
    if (marker === 'API process') {
      // The production list's length does not matter: all the test's processes, once.
      if (apiLine++ === 0) {
        for (const port of options.apiPorts) {
          lines.push(`${indent}server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`);
        }
      }
    } else if (marker === 'plain HTTP') {
      if (!listen80) lines.push(`${indent}listen 127.0.0.1:${options.redirectPort};`);
      listen80 = true;
    } else if (marker === 'HTTPS') {
      if (!listen443) lines.push(`${indent}listen 127.0.0.1:${options.listenPort};`);
      listen443 = true;
    } else if (marker === 'host name') {
      lines.push(`${indent}server_name localhost;`);
    } else if (marker !== 'TLS') {
      throw new Error(`deploy/nginx.conf: unknown deployment marker "${marker}"`);
    }
  }
  if (!apiLine || !listen80 || !listen443) {
    throw new Error('deploy/nginx.conf: a marked upstream server or listen line is missing');
  }
  const dir = options.dir;
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 512; }',
    'http {',
    '    access_log off;',
    `    client_body_temp_path ${dir}/client_body;`,
    `    proxy_temp_path ${dir}/proxy;`,
    `    fastcgi_temp_path ${dir}/fastcgi;`,
    `    uwsgi_temp_path ${dir}/uwsgi;`,
    `    scgi_temp_path ${dir}/scgi;`,
    ...lines.map((l) => (l ? `    ${l}` : l)),
    '}',
    '',
  ].join('\n');
}

/** Renders the production file into `dir`/nginx.conf and returns its path. */
export async function writeNginxConfig(options: RenderOptions): Promise<string> {
  await mkdir(options.dir, { recursive: true });
  // Run as root, nginx's workers are `nobody`: they must reach their temporary folders.
  await chmod(options.dir, 0o755);
  const file = path.join(options.dir, 'nginx.conf');
  await writeFile(file, renderNginxConfig(await readFile(PRODUCTION_CONFIG, 'utf8'), options));
  return file;
}

/** `nginx -t` on a rendered configuration: its exit code and what it printed. */
export function nginxTest(
  configFile: string,
  dir: string,
): { status: number | null; output: string } {
  const result = spawnSync(NGINX, ['-t', '-p', dir, '-e', `${dir}/error.log`, '-c', configFile], {
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * Starts nginx in the foreground under a shell that stops it when this
 * process goes away (its stdin closes), even if the test never gets to.
 */
export function startNginx(configFile: string, dir: string): ChildProcess {
  const command = `"${NGINX}" -p "${dir}" -e "${dir}/error.log" -c "${configFile}" & pid=$!; cat >/dev/null; kill -QUIT $pid; wait $pid`;
  return spawn('sh', ['-c', command], { stdio: ['pipe', 'ignore', 'inherit'] });
}

/** The pid of the nginx master started in `dir` (its pid file), or undefined. */
export async function nginxMasterPid(dir: string): Promise<number | undefined> {
  try {
    const pid = Number((await readFile(path.join(dir, 'nginx.pid'), 'utf8')).trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops an nginx started with startNginx: closes the shell's stdin (it sends
 * QUIT and waits), and QUITs the master itself if it is still there after a
 * moment (a Ctrl+C in a terminal also ends the shell before it could).
 */
export async function stopNginx(shell: ChildProcess, dir: string): Promise<void> {
  const master = await nginxMasterPid(dir);
  const shellGone =
    shell.exitCode !== null || shell.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => shell.once('exit', () => resolve()));
  shell.stdin?.end();
  await Promise.race([shellGone, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (master === undefined) return;
  if (alive(master)) process.kill(master, 'SIGQUIT');
  for (let i = 0; i < 100 && alive(master); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (alive(master)) process.kill(master, 'SIGKILL');
}
