import { describe, expect, it, vi } from 'vitest';
import config from '../vite.config.ts';

// docs/rules/accounts.md#a-quiet-log: the build names what needs attention, so it does
// not repeat a warning about a library's comments on every run.
const onwarn = config.build.rollupOptions.onwarn;

const zodAnnotation = {
  code: 'INVALID_ANNOTATION',
  id: '/repo/node_modules/.pnpm/zod@4.6.7/node_modules/zod/v4/core/regexes.js',
  message: 'A comment contains an annotation that Rollup cannot interpret',
};

describe("the web build's warnings", () => {
  it("leaves out Rollup's note about the position of zod's annotations", () => {
    const warn = vi.fn();
    onwarn(zodAnnotation, warn);
    onwarn({ ...zodAnnotation, id: zodAnnotation.id.replace('regexes', 'util') }, warn);
    expect(warn).not.toHaveBeenCalled();
  });

  it('passes on the same note about our own code, and every other warning', () => {
    const warn = vi.fn();
    const ours = { ...zodAnnotation, id: '/repo/apps/web/src/main.tsx' };
    const circular = { code: 'CIRCULAR_DEPENDENCY', message: 'a -> b -> a' };
    onwarn(ours, warn);
    onwarn(circular, warn);
    expect(warn.mock.calls.map(([w]) => w)).toEqual([ours, circular]);
  });
});
