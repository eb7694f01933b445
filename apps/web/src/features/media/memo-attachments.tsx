import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconFile } from '@tabler/icons-react';
import type { Attachment, Memo } from '@memoria/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { showError } from '../../ui/toasts';
import type { MemoAccess } from '../memos/queries';
import { galleryItems, visible } from './attachments';
import { downloadFile } from './download';
import { PhotoGrid } from './photo-grid';
import { useVideoPolling } from './use-video-polling';

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/** Documents with a download each (blob within 180 s; failure → error toast). */
export function DocumentList({ items }: { items: readonly Attachment[] }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<number | null>(null);
  if (items.length === 0) return null;
  const download = (item: Attachment) => {
    if (!item.secure_url || busy !== null) return;
    setBusy(item.id);
    downloadFile(item.secure_url, item.file_name)
      .catch(() => showError(t('media.view.downloadFailed')))
      .finally(() => setBusy(null));
  };
  return (
    <Stack gap={4} data-testid="document-list" aria-label={t('media.view.documents')}>
      {items.map((item) => (
        <Group key={item.id} gap="xs" wrap="nowrap">
          <IconFile size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => download(item)}
            aria-label={t('media.view.download', { name: item.file_name })}
            aria-busy={busy === item.id}
            style={{ minWidth: 0, overflowWrap: 'anywhere', textAlign: 'start' }}
            data-testid="document-download"
          >
            {item.file_name}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {formatSize(item.size)}
          </Text>
          <IconDownload size={14} aria-hidden style={{ flexShrink: 0, opacity: 0.6 }} />
        </Group>
      ))}
    </Stack>
  );
}

/**
 * A memo's attachments on its card (`compact`: at most 4 tiles) or in the memo view: the
 * photo and video grid opening the gallery and the documents; replaced and deleted ones are
 * hidden. Converting videos are polled until ready.
 */
export function MemoAttachments({
  memo,
  compact = false,
  access = {},
  eager = false,
}: {
  memo: Pick<Memo, 'id' | 'memo_photos' | 'memo_videos' | 'memo_documents'>;
  compact?: boolean;
  access?: MemoAccess;
  /** on the first screen: the pictures load at once (PhotoGrid) */
  eager?: boolean;
}) {
  // A secret link (?smt=) travels with the gallery links and the polling.
  const smt = useSearchParams()[0].get('smt') ?? undefined;
  useVideoPolling(memo, { ...access, smt: access.smt ?? smt });
  const media = galleryItems(memo);
  const documents = visible(memo.memo_documents);
  if (media.length === 0 && documents.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="memo-attachments">
      <PhotoGrid
        items={media}
        memoId={memo.id}
        isPublic={Boolean(access.isPublic)}
        limit={compact ? 4 : undefined}
        search={smt ? `?smt=${encodeURIComponent(smt)}` : ''}
        eager={eager}
      />
      <DocumentList items={documents} />
    </Stack>
  );
}
