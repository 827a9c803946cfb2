import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { startMailCapture, type MailCapture } from './mail-capture';

/**
 * One test server for a file's tests, on a clock the tests may set, with
 * every mail it queues read back at a real SMTP server (`startMailCapture`).
 * Started before the file's tests and closed after them; the clock is the
 * real time again before each test. Call it once, at the top of the file.
 */
export function useMailedServer() {
  let server: TestServer | undefined;
  let mailbox: MailCapture | undefined;
  const app = {
    /** What the server takes as now for its time-bound rules; a test may set it. */
    clock: new Date(),
    get server(): TestServer {
      if (!server) throw new Error('The test server starts in beforeAll.');
      return server;
    },
    get mailbox(): MailCapture {
      if (!mailbox) throw new Error('The mail capture starts in beforeAll.');
      return mailbox;
    },
    db: () => app.server.database.db,
    mailsTo: (to: string) => app.mailbox.mailsTo(to),
    awaitMails: (to: string, count: number) => app.mailbox.awaitMails(to, count),
  };

  beforeAll(async () => {
    server = await startTestServer({}, { now: () => app.clock });
    mailbox = await startMailCapture(server.database.db);
  });
  afterAll(async () => {
    await mailbox?.close();
    await server?.close();
  });
  beforeEach(() => {
    app.clock = new Date();
  });
  return app;
}
