import { describe, expect, it } from 'vitest';
import { formatDuration, formatSize } from './display';
import { loadPending, matchPending, savePending, type PendingTransfer } from './upload';

const file = (name: string, size: number, lastModified: number) =>
  new File([new Uint8Array(size)], name, { lastModified });

describe('resuming an unfinished transfer', () => {
  const pending: PendingTransfer = {
    id: 'a'.repeat(32),
    secret: 'c2VjcmV0',
    uploadUrls: ['/api/transfer-uploads/1', '/api/transfer-uploads/2'],
    files: [
      { name: 'b.txt', size: 3, lastModified: 20 },
      { name: 'a.txt', size: 2, lastModified: 10 },
    ],
  };

  it('takes the same files back in the transfer’s order, and nothing else', () => {
    const a = file('a.txt', 2, 10);
    const b = file('b.txt', 3, 20);
    expect(matchPending(pending, [a, b])).toEqual([b, a]);
    expect(matchPending(pending, [a])).toBeNull();
    expect(matchPending(pending, [a, file('b.txt', 3, 21)])).toBeNull();
  });

  it('keeps it across a reload until it is cleared', () => {
    savePending(pending);
    expect(loadPending()).toEqual(pending);
    savePending(null);
    expect(loadPending()).toBeNull();
  });
});

describe('transfer display', () => {
  it('writes sizes in decimal units and durations as clock time', () => {
    expect(formatSize(999, 'en')).toBe('999 byte');
    expect(formatSize(1_500_000, 'en')).toBe('1.5 MB');
    expect(formatSize(1_500_000, 'de')).toBe('1,5 MB');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });
});
