/**
 * The load generator of `loadTest` (bench/lib.ts), in a worker thread of its
 * own: `connections` loops, each sending one request at a time on its own
 * keep-alive connection (a closed loop, as autocannon's), for `warmupMs`
 * unmeasured and then `durationMs` measured. Each latency is the time from
 * sending the request to the last byte of the answer. Bodies are read off the
 * socket and dropped, not decoded (decision 236).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { url, headers, connections, warmupMs, durationMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

function once() {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0, bytes }),
      );
      res.on('error', () => resolve({ ms: performance.now() - t0, status: -1, bytes }));
    });
    req.on('error', () => resolve({ ms: performance.now() - t0, status: -1, bytes: 0 }));
    req.end();
  });
}

const latencies = [];
let non2xx = 0;
let errors = 0;
let bytesRead = 0;
const start = performance.now();
const measureFrom = start + warmupMs;
const end = measureFrom + durationMs;

async function loop() {
  for (;;) {
    const sentAt = performance.now();
    if (sentAt >= end) return;
    const { ms, status, bytes } = await once();
    if (sentAt < measureFrom) continue;
    latencies.push(ms);
    bytesRead += bytes;
    if (status === -1) errors += 1;
    else if (status < 200 || status >= 300) non2xx += 1;
  }
}

await Promise.all(Array.from({ length: connections }, loop));
agent.destroy();
parentPort.postMessage({ latencies, non2xx, errors, bytesRead, seconds: durationMs / 1000 });
