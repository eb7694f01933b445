import { z } from 'zod';
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
  recipientsMax: 10,
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

/** One of the signed-in person's transfers. */
export interface TransferSummary {
  id: string;
  status: 'uploading' | 'ready';
  created_at: string;
  expires_at: string;
  file_count: number;
  total_size: number;
  downloads: number;
  max_downloads: number;
  has_password: boolean;
}
