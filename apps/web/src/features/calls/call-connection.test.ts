import type { CallJoin } from '@memoria/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallConnection } from './call-connection';

/**
 * Mesh or LiveKit, as the join answer says. There is no LiveKit server here: livekit-client
 * is replaced by a stand-in that records what the page asks of it, so this checks our side
 * (the decision, the URL and token handed over, the tracks published, the tiles fed from
 * the room), not a real connection.
 */
const livekit = vi.hoisted(() => ({
  loaded: 0,
  rooms: [] as Array<{
    connect: ReturnType<typeof vi.fn>;
    published: MediaStreamTrack[];
    handlers: Map<string, (...args: unknown[]) => void>;
    disconnect: ReturnType<typeof vi.fn>;
  }>,
  fail: false,
}));

vi.mock('livekit-client', () => {
  livekit.loaded += 1;
  class Room {
    handlers = new Map<string, (...args: unknown[]) => void>();
    published: MediaStreamTrack[] = [];
    connect = vi.fn(async () => {
      if (livekit.fail) throw new Error('could not reach the room');
    });
    disconnect = vi.fn(async () => undefined);
    localParticipant = {
      publishTrack: async (track: MediaStreamTrack) => {
        this.published.push(track);
        return { mute: vi.fn(), unmute: vi.fn(), track: null };
      },
    };
    constructor() {
      livekit.rooms.push(this);
    }
    on(event: string, handler: (...args: unknown[]) => void) {
      this.handlers.set(event, handler);
      return this;
    }
  }
  return {
    Room,
    RoomEvent: {
      TrackSubscribed: 'trackSubscribed',
      TrackUnsubscribed: 'trackUnsubscribed',
      ParticipantDisconnected: 'participantDisconnected',
    },
  };
});

class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket;
  readyState = 1;
  sent: Array<Record<string, unknown>> = [];
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  receive(message: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

class FakeStream {
  constructor(readonly tracks: MediaStreamTrack[] = []) {}
  getTracks = () => this.tracks;
  getAudioTracks = () => this.tracks.filter((t) => t.kind === 'audio');
  getVideoTracks = () => this.tracks.filter((t) => t.kind === 'video');
}

const track = (kind: 'audio' | 'video') =>
  ({ kind, enabled: true, stop: vi.fn() }) as unknown as MediaStreamTrack;

const peerConnections: unknown[] = [];

function answer(media: CallJoin['media']): CallJoin {
  return {
    call_id: 1,
    collection_id: 'Call000001',
    participant_id: 5,
    state: 'in',
    is_host: true,
    lobby: true,
    ticket: 'ticket',
    ice_servers: [],
    media,
    livekit: media === 'livekit' ? { url: 'wss://livekit.example', token: 'token-of-p5' } : null,
  };
}

const roster = {
  message_type: 'call_roster',
  self: 5,
  participants: [
    { id: 5, name: 'Me', user_id: 1, state: 'in', is_host: true },
    { id: 6, name: 'Bo', user_id: 2, state: 'in', is_host: false },
  ],
};

beforeEach(() => {
  livekit.loaded = 0;
  livekit.rooms.length = 0;
  livekit.fail = false;
  peerConnections.length = 0;
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('MediaStream', FakeStream);
  vi.stubGlobal(
    'RTCPeerConnection',
    class {
      constructor() {
        peerConnections.push(this);
      }
      addTrack() {}
      createOffer = async () => ({ type: 'offer', sdp: 'v=0' });
      setLocalDescription = async () => undefined;
      close() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('call media: mesh or LiveKit', () => {
  it('a mesh call offers to the others and never loads livekit-client', async () => {
    const local = new FakeStream([track('audio'), track('video')]) as unknown as MediaStream;
    const conn = new CallConnection(answer('mesh'), local);
    conn.open();
    FakeSocket.last.receive(roster);
    await vi.waitFor(() =>
      expect(FakeSocket.last.sent.some((m) => m.message_type === 'call_signal')).toBe(true),
    );
    expect(peerConnections).toHaveLength(1);
    expect(livekit.loaded).toBe(0);
  });

  it('a LiveKit call joins the room with the answer’s URL and token and publishes the tracks', async () => {
    const audio = track('audio');
    const video = track('video');
    const local = new FakeStream([audio, video]) as unknown as MediaStream;
    const conn = new CallConnection(answer('livekit'), local);
    conn.open();
    FakeSocket.last.receive(roster);
    await vi.waitFor(() => expect(livekit.rooms).toHaveLength(1));
    const room = livekit.rooms[0]!;
    await vi.waitFor(() => expect(room.published).toEqual([audio, video]));
    expect(room.connect).toHaveBeenCalledWith('wss://livekit.example', 'token-of-p5');
    // no peer connections and no offers of our own
    expect(peerConnections).toHaveLength(0);
    expect(FakeSocket.last.sent.some((m) => m.message_type === 'call_signal')).toBe(false);

    // a track of participant 6 (identity p6) becomes their tile's stream
    const remote = track('video');
    room.handlers.get('trackSubscribed')!(
      { kind: 'video', mediaStreamTrack: remote },
      {},
      { identity: 'p6' },
    );
    const bo = conn.snapshot().peers.find((p) => p.id === 6);
    expect(bo?.stream?.getTracks()).toEqual([remote]);

    conn.leave();
    expect(room.disconnect).toHaveBeenCalled();
  });

  it('someone admitted from the lobby uses the token that came with the roster', async () => {
    const join = { ...answer('livekit'), state: 'lobby' as const, livekit: null };
    const conn = new CallConnection(join, null);
    conn.open();
    FakeSocket.last.receive({
      ...roster,
      livekit: { url: 'wss://livekit.example', token: 'token-after-admission' },
    });
    await vi.waitFor(() => expect(livekit.rooms).toHaveLength(1));
    expect(livekit.rooms[0]!.connect).toHaveBeenCalledWith(
      'wss://livekit.example',
      'token-after-admission',
    );
  });

  it('a room that cannot be reached fails the call (the page offers a retry)', async () => {
    livekit.fail = true;
    const conn = new CallConnection(answer('livekit'), null);
    conn.open();
    FakeSocket.last.receive(roster);
    await vi.waitFor(() => expect(conn.snapshot().phase).toBe('failed'));
  });
});
