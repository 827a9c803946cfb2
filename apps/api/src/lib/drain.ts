import type { Server } from 'node:http';

/**
 * While the process drains, every answer closes its connection, so a client
 * that keeps its connection alive opens a new one (to another process) for
 * its next request. The listener goes first, before Express has answered:
 * set after a synchronous answer, the header would throw.
 */
export function closeConnectionsWhile(server: Server, draining: () => boolean): void {
  server.prependListener('request', (_req, res) => {
    if (draining()) res.setHeader('connection', 'close');
  });
}
