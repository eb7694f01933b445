import { z } from 'zod';
import { usermailSchema } from './auth.js';
import type { DelegateRight } from './delegation.js';

/**
 * File transfer (docs/notes/file-transfer.md): shared rules and wire shapes. The browser
 * encrypts every file and the manifest (names, types, sizes, message) before upload, so
 * the server only ever learns the encrypted sizes.
 */

export const TRANSFER_EXPIRIES = ['1h', '1d', '7d', '30d'] as const;
export type TransferExpiry = (typeof TRANSFER_EXPIRIES)[number];

export const TRANSFER = {
  /** seconds per expiry choice */
  expirySeconds: { '1h': 3600, '1d': 86_400, '7d': 604_800, '30d': 2_592_000 } as Record<
    TransferExpiry,
    number
  >,
  /** what visitors may choose; signed-in people may also keep a transfer 30 days */
  visitorExpiries: ['1h', '1d', '7d'] as readonly TransferExpiry[],
  downloadsMin: 1,
  downloadsMax: 100,
  filesMax: 100,
  passwordMax: 128,
  /** the encrypted manifest, base64url */
  manifestMax: 200_000,
  /** addresses a transfer's link may be mailed to, in all (docs/notes/file-transfer.md) */
  recipientsMax: 10,
  /** the sender's note in the link mail (plain text, not encrypted) */
  mailMessageMax: 1000,
  /** link mails: recipients per day, per visitor address and per account */
  mailDaily: { visitor: 20, account: 100 },
  /** collection transfers: the memo's title and text, each file's name */
  titleMax: 250,
  messageMax: 5000,
  fileNameMax: 255,
  /** plaintext bytes per encrypted record; each record grows by the AES-GCM tag */
  recordSize: 64 * 1024,
  tagSize: 16,
  /** per visitor address and per day */
  visitorDaily: { transfers: 20, bytes: 20 * 1024 ** 3 },
  /** per account and per day */
  accountDaily: { transfers: 100, bytes: 100 * 1024 ** 3 },
  /** transfers per page of "my transfers" */
  pageSize: 20,
  /** how long a granted download may still read (and resume) its files */
  downloadGrantSeconds: 3 * 3600,
} as const;

/** A delegate sends transfers as the account, which is part of its content. */
export const TRANSFER_DELEGATE_RIGHT: DelegateRight = 'memos';

/** Records of a file of `plainSize` bytes; an empty file still has one (only its tag). */
export function transferRecords(plainSize: number): number {
  return Math.max(1, Math.ceil(plainSize / TRANSFER.recordSize));
}

/** The stored (encrypted) size of a file of `plainSize` bytes. */
export function transferCipherSize(plainSize: number): number {
  return plainSize + transferRecords(plainSize) * TRANSFER.tagSize;
}

export const transferCreateSchema = z.object({
  expiry: z.enum(TRANSFER_EXPIRIES),
  max_downloads: z.number().int().min(TRANSFER.downloadsMin).max(TRANSFER.downloadsMax),
  password: z.string().min(1).max(TRANSFER.passwordMax).optional(),
  /** base64url of the encrypted manifest; required unless the transfer goes to a collection */
  manifest: z
    .string()
    .min(1)
    .max(TRANSFER.manifestMax)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  /**
   * Send into this collection of the signed-in sender instead of making a link: the files
   * travel in plain (the server must read them to make documents) and become a new memo.
   */
  collection: z.string().min(1).max(10).optional(),
  /** the new memo's title and text (collection transfers only) */
  title: z.string().trim().max(TRANSFER.titleMax).optional(),
  message: z.string().max(TRANSFER.messageMax).optional(),
  /**
   * each file's size in the manifest's order: encrypted size for a link, plain size for a
   * collection transfer, which also names each file
   */
  files: z
    .array(
      z.object({
        size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
        name: z.string().trim().min(1).max(TRANSFER.fileNameMax).optional(),
      }),
    )
    .min(1)
    .max(TRANSFER.filesMax),
});
export type TransferCreate = z.infer<typeof transferCreateSchema>;

export const transferUnlockSchema = z.object({
  password: z.string().max(TRANSFER.passwordMax).optional(),
});

export interface TransferFileInfo {
  index: number;
  size: number;
}

/** What the link answers before the password (when there is one). */
export interface TransferPublicInfo {
  id: string;
  expires_at: string;
  downloads_left: number;
  file_count: number;
  total_size: number;
  needs_password: boolean;
  /** a collection transfer: its filing job queued or running (`filing`) or done (`filed`) */
  filing?: 'filing' | 'filed';
  /** a collection transfer, once filed: the new memo, `/api/memo/{id}` */
  memo?: string;
}

/** What a granted download learns: the encrypted manifest, the files and a read token. */
export interface TransferGrant {
  manifest: string;
  files: TransferFileInfo[];
  token: string;
  downloads_left: number;
}

export interface TransferCreated {
  id: string;
  expires_at: string;
  uploads: { index: number; upload_url: string }[];
}

/**
 * A transfer's state in "my transfers": a link is `uploading` then `ready`; a collection
 * transfer is `uploading`, then `filing` (its job queued or running), then `filed` (with
 * `memo`) or `failed` (with `filing_error`, and the sender may try again).
 */
export const TRANSFER_STATES = ['uploading', 'ready', 'filing', 'filed', 'failed'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

/** One of the signed-in person's transfers. */
export interface TransferSummary {
  id: string;
  status: TransferState;
  /** a collection transfer's collection, else null */
  collection: string | null;
  /** a filed collection transfer's memo, `/api/memo/{id}`, else null */
  memo: string | null;
  /** why a collection transfer could not be filed, in the reader's language, else null */
  filing_error: string | null;
  created_at: string;
  expires_at: string;
  file_count: number;
  total_size: number;
  downloads: number;
  max_downloads: number;
  has_password: boolean;
}

/**
 * Mailing a transfer's link (docs/notes/file-transfer.md, Mailing the link): the sender's
 * browser hands the whole link over, at the sender's choice, for this one mail. More than
 * `recipientsMax` addresses answer the clear message of the service, so the array's own
 * bound is only a size guard.
 */
export const transferMailSchema = z.object({
  link: z.string().min(1).max(500),
  recipients: z.array(usermailSchema).min(1).max(100),
  message: z.string().trim().max(TRANSFER.mailMessageMax).optional(),
});
export type TransferMail = z.infer<typeof transferMailSchema>;

/** What a link mail answers: how many addresses it went to, and how many are left. */
export interface TransferMailed {
  sent: number;
  recipients_left: number;
}
