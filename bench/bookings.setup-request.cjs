/**
 * autocannon's setupRequest for `bench bookings` (POST /api/bookings), loaded
 * by the load generator's own worker thread (a function cannot be handed to a
 * worker, a file can). Each call takes the next prepared requester: its own
 * session cookie, CSRF token and body (a match and three free hours).
 */
'use strict';
// A CommonJS file on purpose: autocannon's worker require()s it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readFileSync } = require('node:fs');

const requesters = JSON.parse(readFileSync(process.env.BOOKINGS_BENCH_REQUESTERS, 'utf8'));
let next = 0;

module.exports = function setupRequest(req) {
  const r = requesters[next++ % requesters.length];
  return {
    ...req,
    method: 'POST',
    path: '/api/bookings',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      cookie: r.cookie,
      'x-csrf-token': r.csrf,
    },
    body: r.body,
  };
};
