/**
 * The one load generator of the benchmarks (bench/lib.ts `loadTest`), in a
 * worker thread of its own so that it adds no work to the server's event
 * loop: `connections` loops, each sending one request at a time on its own
 * keep-alive connection (a closed loop) and the next when the answer has
 * arrived. Each latency is the time from sending the request to the last byte
 * of the answer; bodies are read off the socket and dropped, not decoded
 * (decision 236).
 *
 * Two ways to run: by time (`durationMs`, after `warmupMs` unmeasured, going
 * round `requests`), or each request once (`eachOnce`: every request of
 * `requests` sent exactly once, all measured; for requests that may only
 * succeed once, such as a booking request). The worker posts `measuring` when
 * the measured part begins, then its result.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { baseUrl, requests, connections, warmupMs, durationMs, eachOnce } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const TIMEOUT_MS = 10_000;

let next = 0;
function take() {
  if (eachOnce) return next < requests.length ? requests[next++] : undefined;
  return requests[next++ % requests.length];
}

function send({ method = 'GET', path, headers, body }) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request(`${baseUrl}${path}`, { agent, method, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0, bytes }),
      );
      res.on('error', () => resolve({ ms: performance.now() - t0, status: -1, bytes }));
    });
    req.on('error', () => resolve({ ms: performance.now() - t0, status: -1, bytes: 0 }));
    // An answer that never comes is an error, not a hung benchmark.
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.end(body);
  });
}

const latencies = [];
let non2xx = 0;
let errors = 0;
let bytesRead = 0;
const start = performance.now();
const measureFrom = eachOnce ? start : start + warmupMs;
const end = eachOnce ? Infinity : measureFrom + durationMs;
setTimeout(() => parentPort.postMessage({ measuring: true }), measureFrom - start);

async function loop() {
  for (;;) {
    const sentAt = performance.now();
    if (sentAt >= end) return;
    const request = take();
    if (!request) return;
    const { ms, status, bytes } = await send(request);
    if (sentAt < measureFrom) continue;
    latencies.push(ms);
    bytesRead += bytes;
    if (status === -1) errors += 1;
    else if (status < 200 || status >= 300) non2xx += 1;
  }
}

await Promise.all(Array.from({ length: connections }, loop));
// The measured requests were sent within the window; the last answers came after it.
const seconds = (performance.now() - measureFrom) / 1000;
agent.destroy();
parentPort.postMessage({ latencies, non2xx, errors, bytesRead, seconds });
