import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { owner, vehicle } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { answerJobs, findCard, job } from './products-test-helpers.ts';

describe('download job polling', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('polls every 8000 ms while a job is CREATED or RUNNING, and stops once none is', async () => {
    let status: 'CREATED' | 'RUNNING' | 'COMPLETED' = 'CREATED';
    let calls = 0;
    answerJobs(() => {
      calls += 1;
      return [job({ id: 'j', type: 'PRODUCT', relatedId: vehicle.id, status })];
    });
    renderApp('/products', { user: owner });
    await findCard('ID.4 Pro');
    await screen.findByText('Your data are getting prepared');
    expect(calls).toBe(1);
    await advance(7000);
    expect(calls).toBe(1);
    status = 'RUNNING';
    await advance(1000);
    expect(calls).toBe(2);
    expect(await screen.findByText('Preparing files...')).toBeInTheDocument();
    status = 'COMPLETED';
    await advance(8000);
    expect(calls).toBe(3);
    expect(await screen.findByText('Files are ready for download')).toBeInTheDocument();
    await advance(40_000);
    expect(calls).toBe(3);
  });

  it('does not poll when no job is active', async () => {
    let calls = 0;
    answerJobs(() => {
      calls += 1;
      return [job({ id: 'j', status: 'COMPLETED' }), job({ id: 'f', status: 'FAILED' })];
    });
    renderApp('/products', { user: owner });
    await findCard('ID.4 Pro');
    await advance(100);
    expect(calls).toBe(1);
    await advance(30_000);
    expect(calls).toBe(1);
  });
});
