import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Link } from 'react-router';
import {
  Alert,
  Blockquote,
  Button,
  Group,
  Loader,
  PasswordInput,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { TransferGrant, TransferPublicInfo } from '@memoria/domain';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import { isApiError } from '../../api/errors';
import { usePageTitle } from '../../ui/use-page-title';
import { fileUrl, grantDownload, transferInfo } from './api';
import { decryptingStream, fileKey, fromBase64Url, openManifest, type Manifest } from './crypto';
import { formatSize } from './display';
import { downloadWorker, streamToDisk, streamZipToDisk } from './stream-download';

const ZIP_NAME = 'files.zip';

type State =
  | { kind: 'loading' }
  | { kind: 'invalid'; reason: 'invalid' | 'noKey' | 'badKey' }
  | { kind: 'info'; info: TransferPublicInfo }
  | { kind: 'open'; grant: TransferGrant; manifest: Manifest };

function secretFromFragment(): Uint8Array<ArrayBuffer> | null {
  try {
    const bytes = fromBase64Url(window.location.hash.slice(1));
    return bytes.length === 32 ? bytes : null;
  } catch {
    return null;
  }
}

/** One file's plaintext as it downloads and decrypts; `onProgress` gets the share received. */
async function decrypted(
  id: string,
  grant: TransferGrant,
  secret: Uint8Array<ArrayBuffer>,
  index: number,
  onProgress: (done: number) => void,
): Promise<ReadableStream<Uint8Array>> {
  const sealedSize = grant.files[index]?.size ?? 0;
  const response = await fetch(fileUrl(id, index, grant.token));
  if (!response.ok || !response.body) throw new Error(`download failed: ${response.status}`);
  let received = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.length;
        onProgress(received / Math.max(1, sealedSize));
        controller.enqueue(chunk);
      },
    }),
  );
  return counted.pipeThrough(decryptingStream(await fileKey(secret, index), sealedSize));
}

/**
 * Hands a finished file to the browser's downloads, where the download worker is
 * unavailable: one file, or the zip of all files. The plaintext was gathered in a Blob (browsers
 * keep large Blobs on disk), so it passes through memory in pieces.
 */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Every file in one zip, stored as they are (no compression: most sent files are packed),
 * gathered in a Blob: the fallback without the download worker, which streams the zip.
 */
async function zipAll(
  files: { name: string; open: () => Promise<ReadableStream<Uint8Array>> }[],
): Promise<Blob> {
  const { Zip, ZipPassThrough } = await import('fflate');
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let fail: (error: Error) => void = () => undefined;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) return fail(error);
    parts.push(chunk as Uint8Array<ArrayBuffer>);
    if (final) finish();
  });
  const used = new Set<string>();
  for (const file of files) {
    // no folders or parent references (the names are the sender's), and two files of one
    // name would overwrite each other when unpacked: as public/transfer-zip.js does
    // eslint-disable-next-line no-control-regex
    let base = file.name.replace(/[\\/\x00-\x1f]/g, '_');
    if (base === '' || base === '.' || base === '..') base = '_';
    let name = base;
    for (let n = 2; used.has(name); n += 1) name = `${n}-${base}`;
    used.add(name);
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    const reader = (await file.open()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      entry.push(value);
    }
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  await finished;
  return new Blob(parts, { type: 'application/zip' });
}

/** /transfer/d/:id#key: the receiver's page. */
export function TransferDownloadPage() {
  const { t } = useTranslation();
  usePageTitle(t('transfer.download.title'));
  const { id = '' } = useParams();
  const [secret] = useState(secretFromFragment);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Record<number, number>>({});
  const [saved, setSaved] = useState<Record<number, boolean>>({});
  const locale = currentLocale();

  useEffect(() => {
    if (!secret) {
      setState({ kind: 'invalid', reason: 'noKey' });
      return;
    }
    transferInfo(id).then(
      (info) => setState({ kind: 'info', info }),
      () => setState({ kind: 'invalid', reason: 'invalid' }),
    );
  }, [id, secret]);

  async function open(event: FormEvent) {
    event.preventDefault();
    if (!secret) return;
    setBusy(true);
    setError(undefined);
    try {
      const grant = await grantDownload(id, password);
      try {
        setState({ kind: 'open', grant, manifest: await openManifest(secret, grant.manifest) });
      } catch {
        setState({ kind: 'invalid', reason: 'badKey' });
      }
    } catch (caught) {
      if (isApiError(caught) && caught.status === 404) {
        setState({ kind: 'invalid', reason: 'invalid' });
      } else {
        setError(isApiError(caught) ? caught.message : t('transfer.download.badKey'));
      }
    } finally {
      setBusy(false);
    }
  }

  const track = (index: number) => (done: number) =>
    setProgress((current) => ({ ...current, [index]: done }));

  async function saveOne(index: number) {
    if (state.kind !== 'open' || !secret) return;
    const meta = state.manifest.files[index];
    if (!meta) return;
    const active = await downloadWorker();
    if (active) {
      try {
        await streamToDisk(
          active,
          {
            url: new URL(fileUrl(id, index, state.grant.token), window.location.origin).href,
            key: await fileKey(secret, index),
            sealedSize: state.grant.files[index]?.size ?? 0,
            name: meta.name,
            type: meta.type,
            size: meta.size,
          },
          track(index),
        );
        setSaved((current) => ({ ...current, [index]: true }));
        return;
      } catch (caught) {
        if (!(caught instanceof Error && caught.message === 'unavailable')) throw caught;
      }
    }
    const stream = await decrypted(id, state.grant, secret, index, track(index));
    const blob = await new Response(stream).blob();
    saveBlob(new Blob([blob], { type: meta.type || 'application/octet-stream' }), meta.name);
    setSaved((current) => ({ ...current, [index]: true }));
  }

  async function saveAll() {
    if (state.kind !== 'open' || !secret) return;
    const { grant, manifest } = state;
    const allSaved = () =>
      setSaved(Object.fromEntries(manifest.files.map((_, index) => [index, true])));
    const active = await downloadWorker();
    if (active) {
      try {
        const files = await Promise.all(
          manifest.files.map(async (meta, index) => ({
            url: new URL(fileUrl(id, index, grant.token), window.location.origin).href,
            key: await fileKey(secret, index),
            sealedSize: grant.files[index]?.size ?? 0,
            name: meta.name,
            size: meta.size,
          })),
        );
        await streamZipToDisk(active, ZIP_NAME, files, (index, done) => track(index)(done));
        allSaved();
        return;
      } catch (caught) {
        if (!(caught instanceof Error && caught.message === 'unavailable')) throw caught;
      }
    }
    const blob = await zipAll(
      manifest.files.map((meta, index) => ({
        name: meta.name,
        open: () => decrypted(id, grant, secret, index, track(index)),
      })),
    );
    saveBlob(blob, ZIP_NAME);
    allSaved();
  }

  async function guarded(work: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch {
      setError(t('transfer.download.badKey'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack maw={720} mx="auto" p="md" gap="lg">
      <Title order={1} size="h2">
        {t('transfer.download.title')}
      </Title>
      {state.kind === 'loading' && <Loader aria-label={t('transfer.download.title')} />}
      {state.kind === 'invalid' && (
        <Stack gap="sm" data-testid="transfer-invalid">
          <Alert color="red" role="alert">
            {t(`transfer.download.${state.reason}`)}
          </Alert>
          <Button component={Link} to="/file-transfer" variant="light" w="fit-content">
            {t('transfer.download.home')}
          </Button>
        </Stack>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {state.kind === 'info' && (
        <Stack gap="sm" component="form" onSubmit={(event) => void open(event)}>
          <Text>
            {t('transfer.download.summary', {
              count: state.info.file_count,
              size: formatSize(state.info.total_size, locale),
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('transfer.download.expires', {
              date: formatDateTime(state.info.expires_at, locale),
            })}{' '}
            · {t('transfer.download.downloadsLeft', { count: state.info.downloads_left })}
          </Text>
          {state.info.needs_password && (
            <>
              <Text size="sm">{t('transfer.download.passwordNeeded')}</Text>
              <PasswordInput
                label={t('transfer.download.password')}
                value={password}
                required
                onChange={(event) => setPassword(event.currentTarget.value)}
                autoComplete="off"
              />
            </>
          )}
          <Text size="sm" c="dimmed">
            {t('transfer.download.startHint')}
          </Text>
          <Button type="submit" loading={busy} w="fit-content">
            {state.info.needs_password ? t('transfer.download.open') : t('transfer.download.start')}
          </Button>
        </Stack>
      )}
      {state.kind === 'open' && (
        <Stack gap="sm" data-testid="transfer-files">
          {state.manifest.message && (
            <Blockquote cite={t('transfer.download.message')}>{state.manifest.message}</Blockquote>
          )}
          <Text size="sm" c="dimmed">
            {t('transfer.download.downloadsLeft', { count: state.grant.downloads_left })}
          </Text>
          <Stack gap="xs" component="ul" p={0} m={0}>
            {state.manifest.files.map((file, index) => (
              <Stack
                key={`${file.name}-${index}`}
                gap={4}
                component="li"
                style={{ listStyle: 'none' }}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" truncate>
                    {file.name} · {formatSize(file.size, locale)}
                  </Text>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconDownload size={14} />}
                    disabled={busy}
                    onClick={() => void guarded(() => saveOne(index))}
                    aria-label={t('transfer.download.file', { name: file.name })}
                  >
                    {saved[index] ? t('transfer.download.saved') : t('transfer.download.start')}
                  </Button>
                </Group>
                {progress[index] !== undefined && !saved[index] && (
                  <Progress
                    value={(progress[index] ?? 0) * 100}
                    aria-label={t('transfer.download.decrypting', {
                      name: file.name,
                      percent: Math.floor((progress[index] ?? 0) * 100),
                    })}
                  />
                )}
              </Stack>
            ))}
          </Stack>
          <Button
            onClick={() => void guarded(saveAll)}
            disabled={busy}
            leftSection={<IconDownload size={16} />}
            w="fit-content"
          >
            {t('transfer.download.all')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
