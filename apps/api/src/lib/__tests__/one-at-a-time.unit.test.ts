import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../one-at-a-time';

describe('oneAtATime', () => {
  it('starts no second run while one is going, and a new one once it is done', async () => {
    let runs = 0;
    let finish: () => void = () => undefined;
    const round = oneAtATime(() => {
      runs += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });

    const first = round();
    const second = round();
    expect(runs).toBe(1);
    expect(second).toBe(first);

    finish();
    await first;
    const third = round();
    expect(runs).toBe(2);
    finish();
    await third;
  });

  it('is free again after a run that failed', async () => {
    let runs = 0;
    const round = oneAtATime(async () => {
      runs += 1;
      if (runs === 1) throw new Error('lost a race');
    });
    await expect(round()).rejects.toThrow('lost a race');
    await round();
    expect(runs).toBe(2);
  });
});
