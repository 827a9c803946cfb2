/**
 * Runs one benchmark: `npx -y pnpm@10.34.8 bench <name> [args…]` loads
 * `bench/<name>.bench.ts` and calls its default export with the remaining
 * arguments. Without a name it lists the benchmarks. Each benchmark seeds its
 * own data, drives the real app over HTTP on 127.0.0.1, prints median and p99
 * with the machine's load, and stops everything it started (see bench/lib.ts).
 * Exit code 1 when a benchmark throws or reports a budget it missed.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type BenchMain = (args: string[]) => Promise<boolean | void>;

const here = path.dirname(fileURLToPath(import.meta.url));

async function available(): Promise<string[]> {
  return (await readdir(here))
    .filter((f) => f.endsWith('.bench.ts'))
    .map((f) => f.slice(0, -'.bench.ts'.length))
    .sort();
}

async function main() {
  const [name, ...args] = process.argv.slice(2).filter((a) => a !== '--');
  const names = await available();
  if (!name || !names.includes(name)) {
    if (name) console.error(`Unknown benchmark "${name}".`);
    console.log(`Usage: pnpm bench <name> [args]\nBenchmarks: ${names.join(', ') || '(none)'}`);
    process.exit(name ? 1 : 0);
  }
  const mod = (await import(pathToFileURL(path.join(here, `${name}.bench.ts`)).href)) as {
    default?: BenchMain;
  };
  if (typeof mod.default !== 'function') {
    throw new Error(`bench/${name}.bench.ts has no default export function`);
  }
  const ok = await mod.default(args);
  process.exit(ok === false ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
