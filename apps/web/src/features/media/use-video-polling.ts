import { TIMINGS, type Memo } from '@memoria/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchMemo, memoCache, type MemoAccess } from '../memos/queries';
import { isProcessing } from './attachments';

/**
 * While a video of the memo converts, the memo is fetched again (polling helper of docs/RULES.md,
 * Limits: first call after 1 s, every 3 s, given up after 120 s) and the fresh memo replaces it in
 * the caches, so "conversion pending" turns into the video.
 */
export function useVideoPolling(memo: Pick<Memo, 'id' | 'memo_videos'>, access: MemoAccess = {}) {
  const queryClient = useQueryClient();
  const pending = memo.memo_videos.some(isProcessing);
  const { isPublic, smt } = access;
  useEffect(() => {
    if (!pending) return;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const tick = async () => {
      try {
        const fresh = await fetchMemo(memo.id, { isPublic, smt });
        if (stopped) return;
        memoCache.patched(queryClient, memo.id, (old) => ({ ...old, ...fresh }));
        if (!fresh.memo_videos.some(isProcessing)) return;
      } catch {
        // A failed check is retried at the next interval until the timeout.
      }
      if (!stopped && Date.now() - started + TIMINGS.pollIntervalMs <= TIMINGS.pollTimeoutMs) {
        timer = setTimeout(() => void tick(), TIMINGS.pollIntervalMs);
      }
    };
    timer = setTimeout(() => void tick(), TIMINGS.pollFirstCallMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pending, memo.id, isPublic, smt, queryClient]);
}
