import {
  Room,
  RoomEvent,
  type LocalTrackPublication,
  type RemoteParticipant,
  type RemoteTrack,
} from 'livekit-client';

/**
 * The media of a call that runs on a LiveKit server (docs/notes/calls.md, LiveKit): the
 * page publishes its camera and microphone to the room and plays everyone else's tracks.
 * The call socket still carries the roster, the lobby, the states and the host's controls;
 * only the audio and video go through LiveKit. Loaded on demand, so mesh calls never
 * download livekit-client.
 */
export interface LivekitMedia {
  /** Mutes or unmutes what we publish of that kind. */
  setEnabled(kind: 'audio' | 'video', on: boolean): void;
  /** Publishes this video track in place of the camera (screen sharing and back). */
  replaceVideo(track: MediaStreamTrack | null): Promise<void>;
  close(): void;
}

/** Our participant id from a LiveKit identity (the server mints `p<participant id>`). */
export function participantOfIdentity(identity: string): number | null {
  const match = /^p(\d+)$/.exec(identity);
  return match ? Number(match[1]) : null;
}

export async function connectLivekit(
  target: { url: string; token: string },
  local: MediaStream | null,
  onStream: (participantId: number, stream: MediaStream | null) => void,
): Promise<LivekitMedia> {
  const room = new Room({ adaptiveStream: true, dynacast: true });
  const tracks = new Map<number, MediaStreamTrack[]>();

  const publish = (id: number) => {
    const list = tracks.get(id) ?? [];
    onStream(id, list.length > 0 ? new MediaStream(list) : null);
  };
  room.on(
    RoomEvent.TrackSubscribed,
    (track: RemoteTrack, _publication: unknown, participant: RemoteParticipant) => {
      const id = participantOfIdentity(participant.identity);
      if (id === null) return;
      const list = (tracks.get(id) ?? []).filter((t) => t.kind !== track.kind);
      tracks.set(id, [...list, track.mediaStreamTrack]);
      publish(id);
    },
  );
  room.on(
    RoomEvent.TrackUnsubscribed,
    (track: RemoteTrack, _publication: unknown, participant: RemoteParticipant) => {
      const id = participantOfIdentity(participant.identity);
      if (id === null) return;
      tracks.set(
        id,
        (tracks.get(id) ?? []).filter((t) => t !== track.mediaStreamTrack),
      );
      publish(id);
    },
  );
  room.on(RoomEvent.ParticipantDisconnected, (participant: RemoteParticipant) => {
    const id = participantOfIdentity(participant.identity);
    if (id === null) return;
    tracks.delete(id);
    onStream(id, null);
  });

  await room.connect(target.url, target.token);
  const published = new Map<'audio' | 'video', LocalTrackPublication>();
  for (const track of local?.getTracks() ?? []) {
    const publication = await room.localParticipant.publishTrack(track);
    published.set(track.kind === 'audio' ? 'audio' : 'video', publication);
  }

  return {
    setEnabled(kind, on) {
      const publication = published.get(kind);
      if (!publication) return;
      void (on ? publication.unmute() : publication.mute());
    },
    async replaceVideo(track) {
      const publication = published.get('video');
      if (!publication?.track || !track) return;
      await publication.track.replaceTrack(track);
    },
    close() {
      void room.disconnect();
    },
  };
}
