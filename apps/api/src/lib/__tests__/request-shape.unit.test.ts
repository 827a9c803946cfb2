import { describe, expect, it } from 'vitest';
import express from 'express';
import { fieldDefaults, REQUEST_FIELDS, RESPONSE_FIELDS } from '../request-shape';

describe('fieldDefaults', () => {
  it('gives a field the data value its prototype chain holds, else undefined', () => {
    const base = { statusCode: 200, end() {} };
    const proto = Object.create(base) as object;
    const fields = new Map(fieldDefaults(proto, ['statusCode', 'end', 'locals']));
    expect(fields.get('statusCode')).toBe(200);
    expect(fields.get('end')).toBe(base.end);
    expect(fields.has('locals')).toBe(true);
    expect(fields.get('locals')).toBeUndefined();
  });

  it('refuses a field the chain defines by a getter: an own field would hide it', () => {
    const proto = Object.create(Object.defineProperty({}, 'query', { get: () => ({}) })) as object;
    expect(() => fieldDefaults(proto, ['query'])).toThrow(/query/);
  });

  it("hides none of Express's getters: every listed field is data or absent", () => {
    const app = express();
    expect(() => fieldDefaults(app.request, REQUEST_FIELDS)).not.toThrow();
    expect(() => fieldDefaults(app.response, RESPONSE_FIELDS)).not.toThrow();
    // `req.query`, `req.path` and the request log's lazy `req.log` are getters.
    for (const getter of ['query', 'path', 'log']) {
      expect(REQUEST_FIELDS as readonly string[]).not.toContain(getter);
    }
  });
});
