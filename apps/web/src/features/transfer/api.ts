import {
  transferCipherSize,
  type HydraCollection,
  type TransferCreated,
  type TransferExpiry,
  type TransferGrant,
  type TransferMailed,
  type TransferPublicInfo,
  type TransferSummary,
} from '@memoria/domain';
import { api, buildUrl } from '../../api/client';
import { hydraMembers, hydraTotal } from '../../api/hydra';
import { sealManifest, toBase64Url, type Manifest } from './crypto';

/** The transfer calls (docs/notes/file-transfer.md, Calls). */

export interface TransferOptions {
  expiry: TransferExpiry;
  maxDownloads: number;
  password: string;
  message: string;
}

export const transferKeys = {
  mine: (page: number) => ['transfer', 'mine', page] as const,
  info: (id: string) => ['transfer', 'info', id] as const,
};

/** Starts a transfer: the sealed manifest and the encrypted sizes, never a name. */
export async function startTransfer(
  secret: Uint8Array<ArrayBuffer>,
  files: File[],
  options: TransferOptions,
): Promise<TransferCreated> {
  const manifest: Manifest = {
    files: files.map((file) => ({ name: file.name, type: file.type, size: file.size })),
    message: options.message.trim(),
  };
  return api.post<TransferCreated>('/api/transfers', {
    expiry: options.expiry,
    max_downloads: options.maxDownloads,
    password: options.password || undefined,
    manifest: await sealManifest(secret, manifest),
    files: files.map((file) => ({ size: transferCipherSize(file.size) })),
  });
}

/**
 * Starts a transfer into one of the caller's collections: plain sizes and names, no
 * secret, since the server reads the files to make the memo's documents.
 */
export function startCollectionTransfer(
  collection: string,
  files: File[],
  text: { title: string; message: string },
): Promise<TransferCreated> {
  return api.post<TransferCreated>('/api/transfers', {
    expiry: '1d',
    max_downloads: 1,
    collection,
    title: text.title.trim() || undefined,
    message: text.message.trim() || undefined,
    files: files.map((file) => ({ size: file.size, name: file.name })),
  });
}

export const completeTransfer = (id: string) =>
  api.post<TransferPublicInfo>(`/api/transfers/${encodeURIComponent(id)}/complete`);

/**
 * Mails the link to `recipients`: the whole link, key included, goes to the server for these
 * mails, only when the sender asks for it (docs/notes/file-transfer.md, Mailing the link).
 */
export const mailTransferLink = (id: string, link: string, recipients: string[], message: string) =>
  api.post<TransferMailed>(`/api/transfers/${encodeURIComponent(id)}/mail`, {
    link,
    recipients,
    message: message.trim() || undefined,
  });

export const transferInfo = (id: string) =>
  api.get<TransferPublicInfo>(`/api/transfers/${encodeURIComponent(id)}`, { anonymous: true });

export const grantDownload = (id: string, password: string) =>
  api.post<TransferGrant>(
    `/api/transfers/${encodeURIComponent(id)}/download`,
    password ? { password } : {},
    { anonymous: true },
  );

export const fileUrl = (id: string, index: number, token: string) =>
  buildUrl(`/api/transfers/${encodeURIComponent(id)}/files/${index}`, { token });

export async function myTransfers(page: number) {
  const answer = await api.get<HydraCollection<TransferSummary> | TransferSummary[]>(
    '/api/user/transfers',
    { hydra: true, query: { page } },
  );
  return { items: hydraMembers(answer), total: hydraTotal(answer) };
}

export const deleteTransfer = (id: string) =>
  api.delete<void>(`/api/transfers/${encodeURIComponent(id)}`);

/** The link: the key only in the fragment, which browsers never send to a server. */
export function transferLink(id: string, secret: Uint8Array): string {
  return `${window.location.origin}/transfer/d/${id}#${toBase64Url(secret)}`;
}
