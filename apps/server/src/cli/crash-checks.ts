import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/database.js';
import type { AckedWrites } from './crash-writers.js';

/**
 * What the crash test (crash-safety.cli.test.ts) checks after each restart: every write the
 * server acknowledged before it was killed is there, and no upload is half-visible (an
 * attachment the API shows, or a ready row in the database, whose files are missing).
 */

interface Attachment {
  id: number;
  status: string;
  secure_url: string | null;
  secure_urls: Record<string, string> | null;
}

interface MemoAnswer {
  id: number;
  title: string;
  memo_photos: Attachment[];
  memo_documents: Attachment[];
}

export interface CheckResult {
  /** lost acknowledged writes and half-visible uploads, one line each */
  problems: string[];
  /** acknowledged writes found */
  checked: number;
}

export async function checkAfterRestart(
  url: string,
  token: string,
  acked: AckedWrites,
): Promise<CheckResult> {
  const problems: string[] = [];
  let checked = 0;
  const get = (pathname: string) =>
    fetch(`${url}${pathname}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });

  /** Every file the attachment names must be served, or it is half-visible. */
  async function filesServed(what: string, attachment: Attachment) {
    const urls = [attachment.secure_url, ...Object.values(attachment.secure_urls ?? {})];
    if (attachment.status !== 'ready' || attachment.secure_url === null) {
      problems.push(`${what} is shown with status ${attachment.status} and no file`);
      return;
    }
    for (const fileUrl of new Set(urls)) {
      const res = await fetch(`${url}${fileUrl}`);
      await res.arrayBuffer();
      if (res.status !== 200) problems.push(`${what}: ${fileUrl} answered ${res.status}`);
    }
  }

  const commentsByMemo = new Map<number, Set<number>>();
  for (const [memoId, title] of acked.memos) {
    const res = await get(`/api/memo/${memoId}`);
    if (res.status !== 200) {
      problems.push(`acknowledged memo ${memoId} answers ${res.status}`);
      continue;
    }
    const memo = (await res.json()) as MemoAnswer;
    if (memo.title === title) checked += 1;
    else problems.push(`memo ${memoId} is titled "${memo.title}", not "${title}"`);
    for (const [kind, list, shown] of [
      ['photo', acked.photos, memo.memo_photos],
      ['document', acked.documents, memo.memo_documents],
    ] as const) {
      const shownIds = new Set(shown.map((attachment) => attachment.id));
      for (const upload of list.filter((item) => item.memoId === memoId)) {
        if (shownIds.has(upload.id)) checked += 1;
        else problems.push(`acknowledged ${kind} ${upload.id} is not on memo ${memoId}`);
      }
      // acknowledged or not (killed between commit and answer): what is shown must be whole
      for (const attachment of shown) {
        await filesServed(`${kind} ${attachment.id} of memo ${memoId}`, attachment);
      }
    }
    if (acked.comments.some((comment) => comment.memoId === memoId)) {
      const list = await get(`/api/memo/${memoId}/comments`);
      const comments = (await list.json()) as { id: number }[];
      commentsByMemo.set(memoId, new Set(comments.map((comment) => comment.id)));
    }
  }
  for (const comment of acked.comments) {
    if (commentsByMemo.get(comment.memoId)?.has(comment.id)) checked += 1;
    else problems.push(`acknowledged comment ${comment.id} is not on memo ${comment.memoId}`);
  }

  const profile = (await (await get('/api/profile')).json()) as {
    user_picture: { content_url: string } | null;
  };
  if (acked.avatars.length > 0) {
    // the last acknowledged picture, or one that replaced it after (killed before its answer)
    if (profile.user_picture === null) problems.push('the acknowledged avatar is gone');
    else checked += acked.avatars.length;
  }
  if (profile.user_picture) {
    const res = await get(profile.user_picture.content_url);
    await res.arrayBuffer();
    if (res.status !== 200) {
      problems.push(
        `the profile picture ${profile.user_picture.content_url} answers ${res.status}`,
      );
    }
  }
  return { problems, checked };
}

const keysOf = (variants: unknown): string[] => {
  const parsed = (typeof variants === 'string' ? JSON.parse(variants) : variants) as Record<
    string,
    { key: string; pending?: boolean }
  > | null;
  // a variant its photo job has not made yet has no file until then
  return Object.values(parsed ?? {})
    .filter((variant) => variant.pending !== true)
    .map((variant) => variant.key);
};

/** Every ready attachment row of the database has its original and variants on disk. */
export async function readyRowsWithoutFiles(
  database: Database,
  mediaRoot: string,
): Promise<string[]> {
  const rows = await database.db
    .selectFrom('attachments')
    .select(['id', 'storage_key', 'variants'])
    .where('status', '=', 'ready')
    .execute();
  const problems: string[] = [];
  for (const row of rows) {
    const keys = [row.storage_key ?? '(no storage key)', ...keysOf(row.variants)];
    for (const key of keys) {
      if (!fs.existsSync(path.join(mediaRoot, ...key.split('/')))) {
        problems.push(`ready attachment ${row.id} has no file ${key}`);
      }
    }
  }
  return problems;
}
