/**
 * CPU time of this process and of a local Postgres server, read from /proc
 * (Linux), to print CPU per request beside the latencies: on a shared 2-core
 * machine it is the figure least disturbed by other processes. Clock ticks
 * (USER_HZ, 10 ms): meaningful over a few seconds of load, not per request.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

const TICK_MS = 10;

/** utime + stime (+ children's when `children`) of a process, in ms; undefined when unreadable. */
function procCpuMs(pid: number | string, children = false): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start after the last ')'.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // f[0] is field 3 (state): utime 14, stime 15, cutime 16, cstime 17.
    const ticks = Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
    return ticks * TICK_MS;
  } catch {
    return undefined;
  }
}

function parentPid(pid: number | string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

export interface CpuMeter {
  /**
   * CPU used since the meter was made, in ms: this process (every thread),
   * its main thread alone (the server's event loop; the load generator has a
   * worker thread, and V8's helpers threads of their own), and Postgres
   * (undefined when not local).
   */
  read: () => {
    processMs: number;
    mainThreadMs: number | undefined;
    postgresMs: number | undefined;
  };
}

/**
 * CPU of a process and its children, in ms: the process (every thread), its
 * live children (and what their own exited children used) and its children
 * that have exited; undefined when the process is gone or unreadable.
 */
export function processTreeCpuMs(pid: number): number | undefined {
  let total = procCpuMs(pid, true);
  if (total === undefined) return undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || parentPid(entry) !== pid) continue;
    total += procCpuMs(entry, true) ?? 0;
  }
  return total;
}

/** The pid of the local Postgres server behind `pool` (its postmaster); undefined when not on this machine. */
export async function postmasterPid(pool: pg.Pool): Promise<number | undefined> {
  const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
  const postmaster = parentPid(rows[0]!.pid);
  return postmaster === undefined || procCpuMs(postmaster) === undefined ? undefined : postmaster;
}

/**
 * Postgres's CPU: the postmaster, its live children (the pool's backends,
 * WAL writer, checkpointer…) and the children that have exited.
 * Found through one backend's parent; undefined for a server not on this machine.
 */
async function postgresCpu(pool: pg.Pool): Promise<(() => number | undefined) | undefined> {
  const postmaster = await postmasterPid(pool);
  return postmaster === undefined ? undefined : () => processTreeCpuMs(postmaster);
}

export async function cpuMeter(pool: pg.Pool): Promise<CpuMeter> {
  const pgCpu = await postgresCpu(pool);
  const pg0 = pgCpu?.();
  const self0 = process.cpuUsage();
  const main0 = procCpuMs(`${process.pid}/task/${process.pid}`);
  return {
    read: () => {
      const self = process.cpuUsage(self0);
      const mainNow = procCpuMs(`${process.pid}/task/${process.pid}`);
      const pgNow = pgCpu?.();
      return {
        processMs: (self.user + self.system) / 1000,
        mainThreadMs: main0 === undefined || mainNow === undefined ? undefined : mainNow - main0,
        postgresMs: pg0 === undefined || pgNow === undefined ? undefined : pgNow - pg0,
      };
    },
  };
}
