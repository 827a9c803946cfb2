import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, logDestination } from '../logger';

function capture() {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { out, text: () => text };
}

describe('start logs', () => {
  it('are human-readable lines in a terminal', () => {
    const { out, text } = capture();
    const logger = createLogger('info', logDestination(true, out));
    logger.info({ port: 3000 }, 'Samtalsmatch answers on http://127.0.0.1:3000');
    const line = text().trim();
    expect(line).toMatch(
      /^\[\d{2}:\d{2}:\d{2}(\.\d{3})?\] INFO: Samtalsmatch answers on http:\/\/127\.0\.0\.1:3000/,
    );
    expect(line).toContain('"port":3000');
    expect(() => JSON.parse(line)).toThrow();
  });

  it('stay JSON when stdout is not a terminal (a pipe, a file, a log collector)', () => {
    expect(logDestination(false)).toBeUndefined();
  });
});
