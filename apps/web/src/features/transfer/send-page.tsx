import { useEffect, useRef, useState, type DragEvent } from 'react';
import {
  Alert,
  Button,
  CloseButton,
  CopyButton,
  FileButton,
  Group,
  Image,
  NumberInput,
  Paper,
  PasswordInput,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconMail, IconUpload } from '@tabler/icons-react';
import {
  LIMITS,
  TIMINGS,
  TRANSFER,
  TRANSFER_EXPIRIES,
  transferCipherSize,
  type TransferExpiry,
} from '@memoria/domain';
import { currentLocale, useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import { useSession } from '../../session/use-session';
import { usePageTitle } from '../../ui/use-page-title';
import { isApiError } from '../../api/errors';
import { writableCollections } from '../collections/collection-picker';
import { useMyCollections } from '../collections/queries';
import { completeTransfer, startCollectionTransfer, startTransfer, transferLink } from './api';
import { fromBase64Url, newSecret, toBase64Url } from './crypto';
import { formatDuration, formatSize } from './display';
import { FilingStatus } from './filing-status';
import { MailLink } from './mail-link';
import { MyTransfers } from './my-transfers';
import {
  loadPending,
  matchPending,
  savePending,
  uploadFiles,
  type FileProgress,
  type PendingTransfer,
  type UploadRun,
} from './upload';

type Phase =
  | { kind: 'pick' }
  | { kind: 'upload'; run: UploadRun; paused: boolean; failed: boolean }
  | { kind: 'done'; id: string; link: string; expiresAt: string; hasPassword: boolean }
  | { kind: 'filing'; id: string; collection: string };

interface Speed {
  at: number;
  sent: number;
  bytesPerSecond: number;
}

/** /file-transfer: choose files and rules, encrypt and upload, then share the link. */
export function TransferPage() {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = session?.kind === 'full';
  usePageTitle(t('transfer.title'));
  const [files, setFiles] = useState<File[]>([]);
  const [expiry, setExpiry] = useState<TransferExpiry>('7d');
  const [maxDownloads, setMaxDownloads] = useState<number>(10);
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState('');
  const [title, setTitle] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'pick' });
  const [progress, setProgress] = useState<FileProgress[]>([]);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState<PendingTransfer | null>(() => loadPending());
  const [listVersion, setListVersion] = useState(0);
  const speed = useRef<Speed>({ at: 0, sent: 0, bytesPerSecond: 0 });
  // '' sends a link; a collection id sends into that collection (not end-to-end encrypted)
  const [destination, setDestination] = useState<string | null>(null);
  const lastRun = useRef<{ secret: Uint8Array<ArrayBuffer> | null; id: string; urls: string[] }>(
    null,
  );
  const collections = useMyCollections();
  const writable = signedIn ? writableCollections(collections.data ?? []) : [];
  // the collection marked as the transfer destination is offered first
  const target =
    destination ?? writable.find((collection) => collection.transfer_collection)?.id ?? '';
  const intoCollection = writable.find((collection) => collection.id === target);

  const expiries = TRANSFER_EXPIRIES.filter(
    (choice) => signedIn || TRANSFER.visitorExpiries.includes(choice),
  );
  const limitBytes = LIMITS.uploadLimitMbDefault * 1024 * 1024;

  function addFiles(picked: File[]) {
    setError(undefined);
    if (pending) {
      const ordered = matchPending(pending, picked);
      if (!ordered) {
        setError(t('transfer.pendingMismatch'));
        return;
      }
      setFiles(ordered);
      void run(fromBase64Url(pending.secret), ordered, pending.id, pending.uploadUrls);
      return;
    }
    const tooBig = picked.find((file) => file.size > limitBytes);
    if (tooBig) {
      setError(t('transfer.tooLarge', { limit: LIMITS.uploadLimitMbDefault }));
      return;
    }
    setFiles((current) => [...current, ...picked].slice(0, TRANSFER.filesMax));
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    if (phase.kind === 'pick') addFiles(Array.from(event.dataTransfer.files));
  }

  async function run(
    secret: Uint8Array<ArrayBuffer> | null,
    chosen: File[],
    id: string,
    uploadUrls: string[],
  ) {
    lastRun.current = { secret, id, urls: uploadUrls };
    setProgress(
      chosen.map((file) => ({
        sent: 0,
        total: secret ? transferCipherSize(file.size) : file.size,
      })),
    );
    speed.current = { at: performance.now(), sent: 0, bytesPerSecond: 0 };
    const upload = uploadFiles(secret, chosen, uploadUrls, (index, next) => {
      setProgress((current) => current.map((p, i) => (i === index ? next : p)));
    });
    setPhase({ kind: 'upload', run: upload, paused: false, failed: false });
    try {
      await upload.done;
      const info = await completeTransfer(id);
      if (!secret) {
        // queued: a job makes the memo, the page follows it (FilingStatus)
        setPhase({ kind: 'filing', id, collection: intoCollection?.name ?? '' });
        setListVersion((v) => v + 1);
        return;
      }
      savePending(null);
      setPending(null);
      setPhase({
        kind: 'done',
        id,
        link: transferLink(id, secret),
        expiresAt: info.expires_at,
        hasPassword: info.needs_password,
      });
      setListVersion((v) => v + 1);
    } catch (caught) {
      if (isApiError(caught) && caught.status !== 409) setError(caught.message);
      setPhase({ kind: 'upload', run: upload, paused: true, failed: true });
    }
  }

  async function send() {
    setError(undefined);
    if (intoCollection) {
      try {
        const created = await startCollectionTransfer(intoCollection.id, files, {
          title,
          message,
        });
        await run(
          null,
          files,
          created.id,
          created.uploads.map((u) => u.upload_url),
        );
      } catch (caught) {
        setError(isApiError(caught) ? caught.message : t('transfer.failed'));
      }
      return;
    }
    const secret = newSecret();
    try {
      const created = await startTransfer(secret, files, {
        expiry,
        maxDownloads,
        password,
        message,
      });
      const uploadUrls = created.uploads.map((u) => u.upload_url);
      savePending({
        id: created.id,
        secret: toBase64Url(secret),
        uploadUrls,
        files: files.map((f) => ({ name: f.name, size: f.size, lastModified: f.lastModified })),
      });
      await run(secret, files, created.id, uploadUrls);
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : t('transfer.failed'));
    }
  }

  function reset() {
    setFiles([]);
    setPassword('');
    setMessage('');
    setTitle('');
    setError(undefined);
    setProgress([]);
    setPhase({ kind: 'pick' });
  }

  const sent = progress.reduce((sum, p) => sum + p.sent, 0);
  const total = progress.reduce((sum, p) => sum + p.total, 0);
  useEffect(() => {
    const now = performance.now();
    const elapsed = (now - speed.current.at) / 1000;
    if (elapsed >= 1) {
      speed.current = {
        at: now,
        sent,
        bytesPerSecond: Math.max(0, (sent - speed.current.sent) / elapsed),
      };
    }
  }, [sent]);
  const locale = currentLocale();
  const rate = speed.current.bytesPerSecond;
  const percent = total ? Math.floor((sent / total) * 100) : 0;

  return (
    <Stack maw={720} mx="auto" p="md" gap="lg" data-testid="transfer-page">
      <Title order={1} size="h2">
        {t('transfer.title')}
      </Title>
      <Text c="dimmed">{t('transfer.intro')}</Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}

      {phase.kind === 'pick' && pending && (
        <Alert color="yellow" data-testid="transfer-pending">
          <Stack gap="xs">
            <Text size="sm">{t('transfer.pending')}</Text>
            <Group>
              <FileButton multiple onChange={addFiles}>
                {(props) => (
                  <Button {...props} size="xs">
                    {t('transfer.pick')}
                  </Button>
                )}
              </FileButton>
              <Button
                size="xs"
                variant="subtle"
                onClick={() => {
                  savePending(null);
                  setPending(null);
                }}
              >
                {t('transfer.discard')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      {phase.kind === 'pick' && !pending && (
        <Stack gap="md">
          <Paper
            withBorder
            p="lg"
            onDragOver={(event) => event.preventDefault()}
            onDrop={onDrop}
            data-testid="transfer-drop"
          >
            <Stack align="center" gap="xs">
              <FileButton multiple onChange={addFiles}>
                {(props) => (
                  <Button {...props} leftSection={<IconUpload size={16} />}>
                    {t('transfer.pick')}
                  </Button>
                )}
              </FileButton>
              <Text size="sm" c="dimmed">
                {t('transfer.drop')}
              </Text>
            </Stack>
          </Paper>
          {files.length > 0 && (
            <Stack gap={4}>
              <Stack gap={4} component="ul" aria-label={t('transfer.filesLabel')} p={0} m={0}>
                {files.map((file, index) => (
                  <Group
                    key={`${file.name}-${index}`}
                    component="li"
                    justify="space-between"
                    wrap="nowrap"
                    style={{ listStyle: 'none' }}
                  >
                    <Text size="sm" truncate>
                      {file.name} · {formatSize(file.size, locale)}
                    </Text>
                    <CloseButton
                      aria-label={t('transfer.remove', { name: file.name })}
                      onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                    />
                  </Group>
                ))}
              </Stack>
              <Text size="sm" c="dimmed">
                {t('transfer.totalSize', {
                  count: files.length,
                  size: formatSize(
                    files.reduce((sum, f) => sum + f.size, 0),
                    locale,
                  ),
                })}
              </Text>
            </Stack>
          )}
          {writable.length > 0 && (
            <Select
              label={t('transfer.collection.destination')}
              data={[
                { value: '', label: t('transfer.collection.asLink') },
                ...writable.map((collection) => ({
                  value: collection.id,
                  label: collection.name,
                })),
              ]}
              value={target}
              allowDeselect={false}
              onChange={(value) => setDestination(value ?? '')}
              data-testid="transfer-destination"
            />
          )}
          {intoCollection ? (
            <>
              <Alert
                color="orange"
                icon={<IconAlertTriangle size={18} />}
                data-testid="transfer-plain-warning"
              >
                {t('transfer.collection.plainWarning')}
              </Alert>
              <TextInput
                label={t('transfer.collection.title')}
                maxLength={TRANSFER.titleMax}
                value={title}
                onChange={(event) => setTitle(event.currentTarget.value)}
              />
              <Textarea
                label={t('transfer.collection.message')}
                maxLength={TRANSFER.messageMax}
                autosize
                minRows={2}
                value={message}
                onChange={(event) => setMessage(event.currentTarget.value)}
              />
            </>
          ) : (
            <>
              <Group grow align="flex-start" wrap="wrap">
                <Select
                  label={t('transfer.expiry')}
                  data={expiries.map((value) => ({
                    value,
                    label: t(`transfer.expiries.${value}`),
                  }))}
                  value={expiry}
                  allowDeselect={false}
                  onChange={(value) => value && setExpiry(value as TransferExpiry)}
                  miw={160}
                />
                <NumberInput
                  label={t('transfer.maxDownloads')}
                  min={TRANSFER.downloadsMin}
                  max={TRANSFER.downloadsMax}
                  clampBehavior="strict"
                  allowDecimal={false}
                  value={maxDownloads}
                  onChange={(value) => setMaxDownloads(Number(value) || TRANSFER.downloadsMin)}
                  miw={160}
                />
              </Group>
              <PasswordInput
                label={t('transfer.password')}
                maxLength={TRANSFER.passwordMax}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                autoComplete="new-password"
              />
              <Textarea
                label={t('transfer.message')}
                maxLength={1000}
                autosize
                minRows={2}
                value={message}
                onChange={(event) => setMessage(event.currentTarget.value)}
              />
            </>
          )}
          <Button onClick={() => void send()} disabled={files.length === 0}>
            {t('transfer.send')}
          </Button>
        </Stack>
      )}

      {phase.kind === 'upload' && (
        <Stack gap="sm" data-testid="transfer-progress">
          <Text fw={500}>
            {lastRun.current?.secret === null
              ? t('transfer.collection.sending')
              : t('transfer.sending')}
          </Text>
          {files.map((file, index) => {
            const p = progress[index];
            const value = p && p.total ? (p.sent / p.total) * 100 : 0;
            return (
              <Stack key={`${file.name}-${index}`} gap={2}>
                <Text size="sm" truncate>
                  {file.name}
                </Text>
                <Progress
                  value={value}
                  aria-label={t('transfer.progressLabel', { name: file.name })}
                />
              </Stack>
            );
          })}
          <Text size="sm">{t('transfer.overall')}</Text>
          <Progress value={percent} size="lg" aria-label={t('transfer.overall')} />
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('transfer.progress', {
              percent,
              speed: formatSize(rate, locale),
              left: rate > 0 ? formatDuration((total - sent) / rate) : '–',
            })}
          </Text>
          {phase.failed && (
            <Alert color="red" role="alert">
              {t('transfer.failed')}
            </Alert>
          )}
          <Group>
            {phase.paused ? (
              <Button
                variant="light"
                onClick={() => {
                  if (phase.failed) {
                    const last = lastRun.current;
                    if (last) void run(last.secret, files, last.id, last.urls);
                    return;
                  }
                  phase.run.resume();
                  setPhase({ ...phase, paused: false });
                }}
              >
                {t('transfer.resume')}
              </Button>
            ) : (
              <Button
                variant="light"
                onClick={() => {
                  phase.run.pause();
                  setPhase({ ...phase, paused: true });
                }}
              >
                {t('transfer.pause')}
              </Button>
            )}
          </Group>
        </Stack>
      )}

      {phase.kind === 'done' && (
        <TransferReady
          id={phase.id}
          link={phase.link}
          expiresAt={phase.expiresAt}
          hasPassword={phase.hasPassword}
          onAnother={reset}
        />
      )}

      {phase.kind === 'filing' && (
        <FilingStatus
          id={phase.id}
          collection={phase.collection}
          onAnother={reset}
          onSettled={() => setListVersion((v) => v + 1)}
        />
      )}

      {signedIn && <MyTransfers version={listVersion} />}
    </Stack>
  );
}

function TransferReady({
  id,
  link,
  expiresAt,
  hasPassword,
  onAnother,
}: {
  id: string;
  link: string;
  expiresAt: string;
  hasPassword: boolean;
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((module) =>
        module.toDataURL(link, { margin: 2, width: 320, errorCorrectionLevel: 'M' }),
      )
      .then((url) => {
        if (live) setQr(url);
      });
    return () => {
      live = false;
    };
  }, [link]);
  return (
    <Stack gap="sm" data-testid="transfer-ready">
      <Title order={2} size="h3">
        {t('transfer.ready')}
      </Title>
      <Text size="sm">
        {t('transfer.readyText', { date: formatDateTime(expiresAt, currentLocale()) })}
      </Text>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label={t('transfer.link')}
          value={link}
          readOnly
          style={{ flex: 1 }}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="transfer-link"
        />
        <CopyButton value={link} timeout={TIMINGS.copiedStateMs}>
          {({ copied, copy }) => (
            <Button variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
              {copied ? t('transfer.copied') : t('transfer.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      {/* the sender's own mail program: the link and its key never pass through our server */}
      <Button
        component="a"
        variant="default"
        w="fit-content"
        leftSection={<IconMail size={16} />}
        href={`mailto:?subject=${encodeURIComponent(t('transfer.mailSubject'))}&body=${encodeURIComponent(link)}`}
      >
        {t('transfer.mail')}
      </Button>
      {qr && <Image src={qr} alt={t('transfer.qr')} w={200} h={200} />}
      <MailLink id={id} link={link} hasPassword={hasPassword} />
      <Button variant="subtle" onClick={onAnother} w="fit-content">
        {t('transfer.another')}
      </Button>
    </Stack>
  );
}
