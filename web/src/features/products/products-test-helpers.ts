import { screen, within } from '@testing-library/react';
import type { ProductList } from '../../lib/api/types.ts';
import { http, server } from '../../test/server.ts';
import type { DownloadJob } from './download-state.ts';

export function job(overrides: Partial<DownloadJob> & Pick<DownloadJob, 'id'>): DownloadJob {
  return {
    relatedId: null,
    type: 'PRODUCTS',
    status: 'COMPLETED',
    exportRequest: { vehicles: [], wallboxes: [] },
    createdAt: '2025-03-14T09:30:00.000Z',
    updatedAt: '2025-03-14T09:30:40.000Z',
    ...overrides,
  };
}

/** Answers GET /api/v1/products/download/jobs with `jobs` (a function is called on every request). */
export function answerJobs(jobs: DownloadJob[] | (() => DownloadJob[])) {
  server.use(
    http.get('/api/v1/products/download/jobs', ({ response }) =>
      response(200).json(typeof jobs === 'function' ? jobs() : jobs),
    ),
  );
}

export function answerProducts(list: ProductList) {
  server.use(http.get('/api/v1/products', ({ response }) => response(200).json(list)));
}

/** The card (list item) of the product with this title. */
export async function findCard(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: title });
  return heading.closest('li') as HTMLElement;
}

export function toggleIn(card: HTMLElement): HTMLElement {
  return within(card).getByRole('switch', { name: 'Enable data export' });
}

export function downloadIn(card: HTMLElement): HTMLElement {
  return within(card).getByRole('button', { name: /^Download data of/ });
}
