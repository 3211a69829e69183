import { afterEach, describe, expect, it } from 'vitest';
import { importInStages, nextTask } from './start-stages.ts';

type WithScheduler = { scheduler?: { yield: () => Promise<void> } };

describe('start-up in stages', () => {
  afterEach(() => {
    delete (globalThis as WithScheduler).scheduler;
  });

  it('yields to the browser after each stage, in order, and answers the last one', async () => {
    const seen: string[] = [];
    (globalThis as WithScheduler).scheduler = {
      yield: async () => {
        seen.push('yield');
      },
    };
    const answer = await importInStages(
      [async () => seen.push('react'), async () => seen.push('translations')],
      async () => {
        seen.push('app');
        return 'started';
      },
    );
    expect(answer).toBe('started');
    expect(seen).toEqual(['react', 'yield', 'translations', 'yield', 'app']);
  });

  it('without scheduler.yield, resumes in a later task (after the microtasks queued before)', async () => {
    const seen: string[] = [];
    const resumed = nextTask().then(() => seen.push('resumed'));
    void Promise.resolve()
      .then(() => undefined)
      .then(() => seen.push('microtasks'));
    await resumed;
    expect(seen).toEqual(['microtasks', 'resumed']);
  });
});
