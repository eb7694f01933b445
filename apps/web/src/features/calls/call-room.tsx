import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconHandStop,
  IconMicrophone,
  IconMicrophoneOff,
  IconPhoneOff,
  IconScreenShare,
  IconScreenShareOff,
  IconUserMinus,
  IconUsers,
  IconVideo,
  IconVideoOff,
  IconVolume,
} from '@tabler/icons-react';
import type { CallParticipant } from '@memoria/domain';
import { useTranslation } from '../../i18n';
import { callLinkOf, fetchCallToken } from './api';
import type { CallConnection, CallPeer, CallSnapshot } from './call-connection';
import classes from './calls.module.css';
import { useSpeaking } from './use-speaking';

/** A video element playing a stream (the local one muted, so nobody hears themselves). */
function StreamVideo({
  stream,
  local,
  label,
}: {
  stream: MediaStream;
  local: boolean;
  label: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (video && video.srcObject !== stream) video.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      autoPlay
      playsInline
      muted={local}
      aria-label={label}
      className={local ? classes.mirror : undefined}
      data-testid={local ? 'call-local-video' : 'call-remote-video'}
    />
  );
}

function Tile({
  name,
  stream,
  local,
  audio,
  video,
  hand,
}: {
  name: string;
  stream: MediaStream | null;
  local: boolean;
  audio: boolean;
  video: boolean;
  hand: boolean;
}) {
  const { t } = useTranslation();
  const speaking = useSpeaking(stream, audio);
  return (
    <figure
      className={classes.tile}
      data-speaking={speaking || undefined}
      data-testid="call-tile"
      aria-label={name}
      style={{ margin: 0 }}
    >
      {stream && <StreamVideo stream={stream} local={local} label={name} />}
      {(!stream || !video) && (
        <div className={classes.avatar} aria-hidden>
          {name.slice(0, 1).toUpperCase()}
        </div>
      )}
      <figcaption className={classes.label}>
        <Text span size="sm" truncate>
          {name}
        </Text>
        {!audio && (
          <IconMicrophoneOff
            size={14}
            aria-label={t('calls.muted')}
            data-testid="call-tile-muted"
          />
        )}
        {!video && <IconVideoOff size={14} aria-label={t('calls.cameraOff')} />}
        {hand && <IconHandStop size={14} aria-label={t('calls.handRaised')} />}
        {speaking && <IconVolume size={14} aria-label={t('calls.speaking')} />}
      </figcaption>
    </figure>
  );
}

function CallLink({ collectionId }: { collectionId: string }) {
  const { t } = useTranslation();
  const [link, setLink] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchCallToken(collectionId).then(
      (token) => live && setLink(callLinkOf(token)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [collectionId]);
  if (!link) return null;
  return (
    <Stack gap={4}>
      <TextInput
        label={t('calls.link')}
        description={t('calls.linkHint')}
        value={link}
        readOnly
        data-testid="call-link"
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={link}>
        {({ copied, copy }) => (
          <Button size="xs" variant="light" onClick={copy}>
            {copied ? t('calls.copied') : t('calls.copy')}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

function SidePanel({
  state,
  connection,
  collectionId,
  canAdmit,
}: {
  state: CallSnapshot;
  connection: CallConnection;
  collectionId: string;
  canAdmit: boolean;
}) {
  const { t } = useTranslation();
  const row = (p: CallParticipant | CallPeer) => (
    <Group key={p.id} justify="space-between" wrap="nowrap" component="li">
      <Text size="sm" truncate>
        {p.name}
        {p.is_host && (
          <Badge size="xs" ml={4} variant="light">
            {t('calls.host')}
          </Badge>
        )}
        {p.user_id === null && (
          <Badge size="xs" ml={4} variant="outline">
            {t('calls.guest')}
          </Badge>
        )}
      </Text>
      {state.isHost && (
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={t('calls.muteSomeone', { name: p.name })}
            onClick={() => connection.muteOther(p.id)}
          >
            <IconMicrophoneOff size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('calls.removeSomeone', { name: p.name })}
            onClick={() => connection.remove(p.id)}
          >
            <IconUserMinus size={16} />
          </ActionIcon>
        </Group>
      )}
    </Group>
  );
  return (
    <aside
      className={classes.side}
      aria-label={t('calls.participants', { count: state.peers.length + 1 })}
    >
      <Stack gap="sm">
        {canAdmit && state.lobby.length > 0 && (
          <section aria-live="polite">
            <Title order={3} size="h5">
              {t('calls.lobby', { count: state.lobby.length })}
            </Title>
            <Stack gap={4} component="ul" p={0} style={{ listStyle: 'none' }}>
              {state.lobby.map((p) => (
                <Group key={p.id} justify="space-between" wrap="nowrap" component="li">
                  <Text size="sm" truncate>
                    {p.name}
                  </Text>
                  <Button
                    size="xs"
                    onClick={() => connection.admit(p.id)}
                    aria-label={t('calls.admit', { name: p.name })}
                    data-testid="call-admit"
                  >
                    {t('calls.admitShort')}
                  </Button>
                </Group>
              ))}
            </Stack>
          </section>
        )}
        <section>
          <Title order={3} size="h5">
            {t('calls.participants', { count: state.peers.length + 1 })}
          </Title>
          <Stack gap={4} component="ul" p={0} style={{ listStyle: 'none' }}>
            <Group component="li">
              <Text size="sm">{t('calls.you')}</Text>
            </Group>
            {state.peers.map(row)}
          </Stack>
        </section>
        {state.isHost && <CallLink collectionId={collectionId} />}
      </Stack>
    </aside>
  );
}

/** The call itself: tiles, controls, participants and the lobby for those inside. */
export function CallRoom({
  connection,
  collectionId,
  selfName,
  canAdmit,
}: {
  connection: CallConnection;
  collectionId: string;
  selfName: string;
  /** people with an account may let visitors in */
  canAdmit: boolean;
}) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(connection.subscribe, connection.snapshot);
  const [panel, setPanel] = useState(true);
  const count = state.peers.length + 1;
  const columns = count <= 1 ? 1 : count <= 4 ? 2 : 3;
  const hasAudio = Boolean(state.local?.getAudioTracks().length);
  const hasVideo = Boolean(state.local?.getVideoTracks().length);
  const failed = state.peers.filter((p) => p.failed);

  return (
    <div className={classes.room} data-testid="call-room">
      <VisuallyHidden aria-live="polite">{t('calls.participants', { count })}</VisuallyHidden>
      {state.mutedByHost && (
        <Alert color="yellow" role="status">
          {t('calls.mutedByHost')}
        </Alert>
      )}
      {failed.map((p) => (
        <Alert key={p.id} color="red" role="alert">
          {t('calls.connectionFailed', { name: p.name })}
        </Alert>
      ))}
      <div className={classes.body}>
        <div
          className={classes.grid}
          style={{ ['--call-columns' as string]: String(columns) }}
          data-testid="call-grid"
        >
          <Tile
            name={`${selfName} (${t('calls.you')})`}
            stream={state.local}
            local
            audio={state.audio}
            video={state.video}
            hand={state.hand}
          />
          {state.peers.map((peer) => (
            <Tile
              key={peer.id}
              name={peer.name}
              stream={peer.stream}
              local={false}
              audio={peer.audio}
              video={peer.video}
              hand={peer.hand}
            />
          ))}
        </div>
        {panel && (
          <SidePanel
            state={state}
            connection={connection}
            collectionId={collectionId}
            canAdmit={canAdmit}
          />
        )}
      </div>
      <Group className={classes.controls} gap="xs" role="toolbar" aria-label={t('calls.controls')}>
        <Tooltip label={state.audio ? t('calls.mute') : t('calls.unmute')}>
          <ActionIcon
            size="xl"
            radius="xl"
            variant={state.audio ? 'default' : 'filled'}
            color={state.audio ? undefined : 'red'}
            disabled={!hasAudio}
            aria-pressed={!state.audio}
            aria-label={state.audio ? t('calls.mute') : t('calls.unmute')}
            onClick={() => connection.setAudio(!state.audio)}
            data-testid="call-mute"
          >
            {state.audio ? <IconMicrophone /> : <IconMicrophoneOff />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label={state.video ? t('calls.cameraStop') : t('calls.cameraStart')}>
          <ActionIcon
            size="xl"
            radius="xl"
            variant={state.video ? 'default' : 'filled'}
            color={state.video ? undefined : 'red'}
            disabled={!hasVideo}
            aria-pressed={!state.video}
            aria-label={state.video ? t('calls.cameraStop') : t('calls.cameraStart')}
            onClick={() => connection.setVideo(!state.video)}
            data-testid="call-camera"
          >
            {state.video ? <IconVideo /> : <IconVideoOff />}
          </ActionIcon>
        </Tooltip>
        {typeof navigator !== 'undefined' &&
          'getDisplayMedia' in (navigator.mediaDevices ?? {}) && (
            <Tooltip label={state.screen ? t('calls.stopShare') : t('calls.shareScreen')}>
              <ActionIcon
                size="xl"
                radius="xl"
                variant={state.screen ? 'filled' : 'default'}
                disabled={!hasVideo}
                aria-pressed={state.screen}
                aria-label={state.screen ? t('calls.stopShare') : t('calls.shareScreen')}
                onClick={() => void connection.setScreen(!state.screen).catch(() => undefined)}
              >
                {state.screen ? <IconScreenShareOff /> : <IconScreenShare />}
              </ActionIcon>
            </Tooltip>
          )}
        <Tooltip label={state.hand ? t('calls.lowerHand') : t('calls.raiseHand')}>
          <ActionIcon
            size="xl"
            radius="xl"
            variant={state.hand ? 'filled' : 'default'}
            aria-pressed={state.hand}
            aria-label={state.hand ? t('calls.lowerHand') : t('calls.raiseHand')}
            onClick={() => connection.setHand(!state.hand)}
            data-testid="call-hand"
          >
            <IconHandStop />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('calls.showParticipants')}>
          <ActionIcon
            size="xl"
            radius="xl"
            variant={panel ? 'light' : 'default'}
            aria-pressed={panel}
            aria-label={t('calls.showParticipants')}
            onClick={() => setPanel(!panel)}
          >
            <IconUsers />
          </ActionIcon>
        </Tooltip>
        <Button
          color="red"
          radius="xl"
          size="md"
          leftSection={<IconPhoneOff size={18} aria-hidden />}
          onClick={() => connection.leave()}
          data-testid="call-leave"
        >
          {t('calls.leave')}
        </Button>
      </Group>
    </div>
  );
}
