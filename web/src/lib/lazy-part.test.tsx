import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type LazyPart, lazyPart, loadedPart, prefetchLazyParts, useLazyPart } from './lazy-part.ts';

function LoadedText() {
  return <p>loaded</p>;
}

type TextPart = LazyPart<{ Text: typeof LoadedText }>;

function Caller({ part, needed }: { part: TextPart; needed: boolean }) {
  const module = useLazyPart(part, needed);
  return module ? <module.Text /> : null;
}

describe('lazy parts', () => {
  it('loads a part when first needed and draws it once there; until then the caller draws nothing', async () => {
    // Made after the set-up's loadLazyParts, like a part no test loads ahead.
    let loads = 0;
    const part: TextPart = lazyPart(async () => {
      loads++;
      return { Text: LoadedText };
    });
    const { rerender } = render(<Caller part={part} needed={false} />);
    expect(loads).toBe(0);
    expect(() => loadedPart(part)).toThrow();
    rerender(<Caller part={part} needed />);
    expect(await screen.findByText('loaded')).toBeInTheDocument();
    rerender(<Caller part={part} needed={false} />);
    expect(screen.getByText('loaded')).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('fetches a part again after its code could not be fetched, while it is needed', async () => {
    let loads = 0;
    const part: TextPart = lazyPart(async () => {
      loads++;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { Text: LoadedText };
    });
    render(<Caller part={part} needed />);
    expect(await screen.findByText('loaded', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(loads).toBe(2);
  });

  it('prefetches the parts at the first interaction, not before', async () => {
    let prefetched = 0;
    const other = lazyPart(async () => {
      prefetched++;
      return {};
    });
    const cancel = prefetchLazyParts();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(other.loaded()).toBeNull();
    window.dispatchEvent(new Event('keydown'));
    await vi.waitFor(() => expect(other.loaded()).not.toBeNull(), { timeout: 5000 });
    expect(prefetched).toBe(1);
    cancel();
  });
});
