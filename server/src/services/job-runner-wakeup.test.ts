import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { EXPORT_RETENTION_MS, JOB_MIN_RUNNING_MS, JOB_START_DELAY_MS } from './job-snapshot.ts';

// The job runner does not poll: it sleeps until the next due time, and new work or a clock change wakes it.
const t = useTestApp();

const OWNER = 'owner@example.com';
/** Longer than the old 250 ms polling interval, several times over. */
const IDLE_WATCH_MS = 1_200;

const runner = () => t.app.portal.jobs.state();

/**
 * Waits until the runner has run more than `runs` times, is not running and its timer (if any) waits for
 * a future moment. A wake may come later than the call that causes it (on PostgreSQL the database
 * announces the new job), so a step that must wake the runner passes the runs seen before it.
 */
async function settled(runs = 0): Promise<ReturnType<typeof runner>> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const state = runner();
    const asleep = state.wakeAt === null || state.wakeAt > t.clock.now();
    if (state.runs > runs && !state.running && asleep) return state;
    await sleep(25);
  }
  throw new Error(`the job runner never settled: ${JSON.stringify(runner())}`);
}

const jobOf = (id: string) => t.prisma.downloadJob.findUniqueOrThrow({ where: { id } });

describe('job runner wake-up', () => {
  // The demo's finished downloads (second@'s) would put their expiry on the runner's plan: start without them.
  beforeAll(async () => {
    await t.prisma.downloadJob.deleteMany();
    t.app.portal.jobs.wake();
  });

  it('sets no timer and runs nothing while there is no work', async () => {
    const idle = await settled();
    expect(idle.wakeAt).toBeNull();
    await sleep(IDLE_WATCH_MS);
    expect(runner()).toEqual(idle);
  });

  it('wakes on a new job, plans one timer for its due time, and follows clock jumps to completion', async () => {
    const before = await settled();
    const created = await t.call('POST', '/api/v1/products/prod-wb-1/download', OWNER);
    expect(created.statusCode).toBe(201);
    const job = await jobOf(created.json().id);

    // Nothing to run before the job's start delay: one timer for that moment, no run now.
    const waiting = runner();
    expect(waiting.runs).toBe(before.runs);
    expect(waiting.wakeAt?.getTime()).toBe(job.runAt.getTime());
    expect(job.runAt.getTime()).toBe(t.clock.now().getTime() + JOB_START_DELAY_MS);
    expect((await jobOf(job.id)).status).toBe('CREATED');

    t.clock.advance(JOB_START_DELAY_MS);
    const running = await settled(waiting.runs);
    expect((await jobOf(job.id)).status).toBe('RUNNING');
    expect(running.wakeAt?.getTime()).toBe(t.clock.now().getTime() + JOB_MIN_RUNNING_MS);

    t.clock.advance(JOB_MIN_RUNNING_MS);
    const done = await settled(running.runs);
    const completed = await jobOf(job.id);
    expect(completed.status).toBe('COMPLETED');
    // The only thing left to plan for is the export's expiry, a week away.
    expect(done.wakeAt?.getTime()).toBe((completed.finishedAt?.getTime() ?? 0) + EXPORT_RETENTION_MS + 1);
    await sleep(IDLE_WATCH_MS);
    expect(runner().runs).toBe(done.runs);
  });

  it('wakes on a clock speed change and expires the export when the clock skips past its retention', async () => {
    const before = await settled();
    const speed = await t.call('PUT', '/api/v1/sim/clock', OWNER, { speed: 2 });
    expect(speed.statusCode).toBe(200);
    const faster = await settled(before.runs);

    t.clock.advance(EXPORT_RETENTION_MS + 1);
    const after = await settled(faster.runs);
    // One run expired it; the runner did not spin on the boundary.
    expect(after.runs - before.runs).toBeLessThan(5);
    expect(after.wakeAt).toBeNull();
    const expired = await t.prisma.downloadJob.count({
      where: { status: 'COMPLETED', filePath: { not: null } },
    });
    expect(expired).toBe(0);
  });

  it('takes a burst of new jobs without a run each: one timer, for the first one due', async () => {
    const before = await settled();
    const first = await t.call('POST', '/api/v1/products/prod-wb-1/download', OWNER);
    t.clock.advance(1_000);
    const moved = await settled(before.runs);
    const burst = await Promise.all(
      [1, 2, 3].map(() => t.call('POST', '/api/v1/products/prod-wb-1/download', OWNER)),
    );
    expect([first, ...burst].map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    expect(runner().runs).toBe(moved.runs);
    expect(runner().wakeAt?.getTime()).toBe((await jobOf(first.json().id)).runAt.getTime());
  });
});
