import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { CALLS, type CallJoin } from '@memoria/domain';
import { Link } from 'react-router';
import { isApiError } from '../../api/errors';
import { useTranslation } from '../../i18n';
import { CallConnection } from './call-connection';
import { CallRoom } from './call-room';
import classes from './calls.module.css';

type MediaProblem = 'denied' | 'missing' | null;

/** The devices a stream uses now, to keep one while the other changes. */
function chosen(stream: MediaStream | null): Choice {
  return {
    camera: stream?.getVideoTracks()[0]?.getSettings().deviceId,
    microphone: stream?.getAudioTracks()[0]?.getSettings().deviceId,
  };
}

interface Choice {
  camera?: string;
  microphone?: string;
}

/**
 * The camera and microphone (the chosen ones, else the browser's default); a refusal is told
 * apart from missing devices. The devices on offer are listed once access was granted (their
 * names are hidden before).
 */
function useLocalMedia() {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem>(null);
  const [asking, setAsking] = useState(true);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const current = useRef<MediaStream | null>(null);

  const ask = useCallback(async (choice: Choice = {}) => {
    setAsking(true);
    setProblem(null);
    for (const track of current.current?.getTracks() ?? []) track.stop();
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        audio: choice.microphone ? { deviceId: { exact: choice.microphone } } : true,
        video: choice.camera ? { deviceId: { exact: choice.camera } } : true,
      });
      current.current = media;
      setStream(media);
      const all = await navigator.mediaDevices.enumerateDevices?.().catch(() => []);
      setDevices((all ?? []).filter((d) => d.deviceId !== ''));
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      setProblem(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'missing');
    } finally {
      setAsking(false);
    }
  }, []);

  useEffect(() => {
    void ask();
    return () => {
      for (const track of current.current?.getTracks() ?? []) track.stop();
    };
  }, [ask]);

  return { stream, problem, asking, devices, retry: ask };
}

function Preview({ stream, label }: { stream: MediaStream; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <div className={classes.tile} style={{ maxWidth: 480 }}>
      <video ref={ref} autoPlay playsInline muted aria-label={label} className={classes.mirror} />
    </div>
  );
}

function Ended({ phase, back, onRetry }: { phase: string; back: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  const text =
    phase === 'ended'
      ? t('calls.ended')
      : phase === 'removed'
        ? t('calls.removed')
        : phase === 'failed'
          ? t('calls.failed')
          : t('calls.left');
  return (
    <Stack align="center" py="xl" gap="md" data-testid="call-ended">
      <Text role="status">{text}</Text>
      <Group>
        {onRetry && <Button onClick={onRetry}>{t('calls.retry')}</Button>}
        <Button variant="default" component={Link} to={back}>
          {back === '/' ? t('calls.home') : t('calls.back')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * From the camera check to the call: the preview (and a name to type, or the lobby to
 * choose), joining, the lobby wait, the call, and what follows it.
 */
export function CallSession({
  title,
  join,
  selfName,
  askName,
  lobbyChoice,
  canAdmit,
  back,
  aside,
}: {
  /** shown under the camera check only (a sign-in link for visitors) */
  aside?: ReactNode;
  title: string;
  join: (name: string | null, lobby: boolean) => Promise<CallJoin>;
  /** the signed-in person's name; visitors type theirs */
  selfName: string;
  askName: boolean;
  /** offer the lobby switch (someone who may start the call) */
  lobbyChoice: boolean;
  canAdmit: boolean;
  back: string;
}) {
  const { t } = useTranslation();
  const media = useLocalMedia();
  const [name, setName] = useState('');
  const [lobby, setLobby] = useState(true);
  const [joining, setJoining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [connection, setConnection] = useState<{ conn: CallConnection; join: CallJoin } | null>(
    null,
  );

  useEffect(
    () => () => {
      const snapshot = connection?.conn.snapshot();
      if (snapshot && ['connecting', 'lobby', 'in'].includes(snapshot.phase))
        connection?.conn.leave();
    },
    [connection],
  );

  async function enter() {
    setJoining(true);
    setError(null);
    try {
      const answer = await join(askName ? name.trim() : null, lobby);
      const conn = new CallConnection(answer, media.stream);
      conn.open();
      setConnection({ conn, join: answer });
    } catch (failure) {
      setError(
        isApiError(failure) ? (failure.serverMessage ?? failure.message) : t('calls.failed'),
      );
    } finally {
      setJoining(false);
    }
  }

  if (connection) {
    return (
      <Connected
        connection={connection.conn}
        collectionId={connection.join.collection_id}
        selfName={askName ? name.trim() : selfName}
        canAdmit={canAdmit}
        back={back}
        onRetry={() => {
          setConnection(null);
          void media.retry();
        }}
      />
    );
  }

  const nameMissing = askName && name.trim() === '';
  return (
    <Paper withBorder p="md" maw={560} mx="auto" data-testid="call-prejoin">
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {media.asking && <Loader size="sm" aria-label={t('calls.preview')} />}
        {media.stream && <Preview stream={media.stream} label={t('calls.preview')} />}
        {media.stream && media.devices.length > 0 && (
          <Group grow align="flex-start">
            <Select
              label={t('calls.camera')}
              data={media.devices
                .filter((d) => d.kind === 'videoinput')
                .map((d, i) => ({
                  value: d.deviceId,
                  label: d.label || `${t('calls.camera')} ${i + 1}`,
                }))}
              value={media.stream.getVideoTracks()[0]?.getSettings().deviceId ?? null}
              allowDeselect={false}
              onChange={(camera) => camera && void media.retry({ ...chosen(media.stream), camera })}
            />
            <Select
              label={t('calls.microphone')}
              data={media.devices
                .filter((d) => d.kind === 'audioinput')
                .map((d, i) => ({
                  value: d.deviceId,
                  label: d.label || `${t('calls.microphone')} ${i + 1}`,
                }))}
              value={media.stream.getAudioTracks()[0]?.getSettings().deviceId ?? null}
              allowDeselect={false}
              onChange={(microphone) =>
                microphone && void media.retry({ ...chosen(media.stream), microphone })
              }
            />
          </Group>
        )}
        {media.problem && (
          <Alert color={media.problem === 'denied' ? 'red' : 'yellow'} role="alert">
            <Stack gap="xs">
              <Text size="sm">
                {media.problem === 'denied' ? t('calls.mediaDenied') : t('calls.mediaMissing')}
              </Text>
              <Group>
                <Button size="xs" variant="light" onClick={() => void media.retry()}>
                  {t('calls.retry')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {askName && (
          <TextInput
            label={t('calls.name')}
            description={t('calls.nameHint')}
            value={name}
            maxLength={CALLS.nameMax}
            required
            onChange={(event) => setName(event.currentTarget.value)}
            data-testid="call-name"
          />
        )}
        {lobbyChoice && (
          <Switch
            label={t('calls.lobbyLabel')}
            checked={lobby}
            onChange={(event) => setLobby(event.currentTarget.checked)}
          />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button
            onClick={() => void enter()}
            loading={joining}
            disabled={nameMissing || media.asking}
            data-testid="call-enter"
          >
            {askName ? t('calls.joinButton') : t('calls.join')}
          </Button>
          {media.problem && !media.stream && (
            <Text size="xs" c="dimmed">
              {t('calls.joinWithout')}
            </Text>
          )}
        </Group>
        {aside}
      </Stack>
    </Paper>
  );
}

function Connected({
  connection,
  collectionId,
  selfName,
  canAdmit,
  back,
  onRetry,
}: {
  connection: CallConnection;
  collectionId: string;
  selfName: string;
  canAdmit: boolean;
  back: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(connection.subscribe, connection.snapshot);
  if (state.phase === 'connecting') {
    return (
      <Stack align="center" py="xl">
        <Loader aria-label={t('calls.loading')} />
        <Text role="status">{t('calls.loading')}</Text>
      </Stack>
    );
  }
  if (state.phase === 'lobby') {
    return (
      <Stack align="center" py="xl" gap="md" data-testid="call-lobby-wait">
        <Loader />
        <Text role="status">{t('calls.waiting')}</Text>
        <Button variant="default" onClick={() => connection.leave()}>
          {t('calls.cancel')}
        </Button>
      </Stack>
    );
  }
  if (state.phase === 'in') {
    return (
      <CallRoom
        connection={connection}
        collectionId={collectionId}
        selfName={selfName}
        canAdmit={canAdmit}
      />
    );
  }
  return (
    <Ended
      phase={state.phase}
      back={back}
      onRetry={state.phase === 'failed' ? onRetry : undefined}
    />
  );
}
