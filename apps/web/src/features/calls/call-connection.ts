import type {
  CallClientMessage,
  CallIceCandidate,
  CallJoin,
  CallParticipant,
} from '@memoria/domain';
import { callSocketUrl } from './api';
import type { LivekitMedia } from './livekit-media';

/**
 * One person's side of a call (docs/notes/calls.md): the call socket, and a peer connection
 * to every other participant (a full mesh). Whoever arrives offers to those already in, so
 * two sides never offer to each other at once. When the join answer says `media: "livekit"`
 * the audio and video go through a LiveKit room instead (livekit-media.ts, loaded only
 * then); the socket keeps the roster, the lobby, the states and the host's controls. Screens read `snapshot()` through
 * `subscribe` (useSyncExternalStore).
 */

export type CallPhase = 'connecting' | 'lobby' | 'in' | 'left' | 'ended' | 'removed' | 'failed';

export interface CallPeer extends CallParticipant {
  stream: MediaStream | null;
  /** the connection to them failed (network, no TURN) */
  failed: boolean;
}

export interface CallSnapshot {
  phase: CallPhase;
  self: number;
  isHost: boolean;
  audio: boolean;
  video: boolean;
  hand: boolean;
  screen: boolean;
  local: MediaStream | null;
  peers: CallPeer[];
  lobby: CallParticipant[];
  /** a host muted us: the screen says so once */
  mutedByHost: boolean;
}

const ICE_BATCH_MS = 120;

export class CallConnection {
  private socket: WebSocket | null = null;
  private readonly pcs = new Map<number, RTCPeerConnection>();
  private readonly pendingIce = new Map<number, RTCIceCandidateInit[]>();
  private readonly outgoingIce = new Map<number, CallIceCandidate[]>();
  private readonly iceTimers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<() => void>();
  private screenTrack: MediaStreamTrack | null = null;
  private state: CallSnapshot;
  /** the LiveKit room's side, once connected (LiveKit calls only) */
  private livekit: LivekitMedia | null = null;
  /** streams from LiveKit by participant, kept for tiles that appear after their tracks */
  private readonly remote = new Map<number, MediaStream>();

  constructor(
    private readonly join: CallJoin,
    local: MediaStream | null,
  ) {
    this.state = {
      phase: 'connecting',
      self: join.participant_id,
      isHost: join.is_host,
      audio: Boolean(local?.getAudioTracks().length),
      video: Boolean(local?.getVideoTracks().length),
      hand: false,
      screen: false,
      local,
      peers: [],
      lobby: [],
      mutedByHost: false,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  snapshot = (): CallSnapshot => this.state;

  private update(change: Partial<CallSnapshot>): void {
    this.state = { ...this.state, ...change };
    for (const listener of [...this.listeners]) listener();
  }

  private updatePeer(id: number, change: Partial<CallPeer>): void {
    this.update({
      peers: this.state.peers.map((p) => (p.id === id ? { ...p, ...change } : p)),
    });
  }

  open(): void {
    const socket = new WebSocket(callSocketUrl(this.join.ticket));
    this.socket = socket;
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      try {
        void this.receive(JSON.parse(event.data) as Record<string, unknown>);
      } catch {
        // not JSON: nothing the call understands
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (
        this.state.phase === 'connecting' ||
        this.state.phase === 'in' ||
        this.state.phase === 'lobby'
      ) {
        this.closePeers();
        this.update({ phase: 'failed' });
      }
    };
  }

  private send(message: CallClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private sendState(): void {
    const { audio, video, hand, screen } = this.state;
    this.send({ message_type: 'call_state', audio, video, hand, screen });
  }

  private async receive(message: Record<string, unknown>): Promise<void> {
    switch (message.message_type) {
      case 'call_lobby_wait':
        this.update({ phase: 'lobby' });
        return;
      case 'call_admitted':
        this.update({ phase: 'connecting' });
        return;
      case 'call_roster': {
        const all = (message.participants as CallParticipant[]) ?? [];
        const others = all.filter((p) => p.id !== this.state.self);
        this.update({
          phase: 'in',
          peers: others
            .filter((p) => p.state === 'in')
            .map((p) => ({ ...p, stream: this.remote.get(p.id) ?? null, failed: false })),
          lobby: others.filter((p) => p.state === 'lobby'),
        });
        this.sendState();
        if (this.join.media === 'livekit') {
          // someone admitted from the lobby gets their LiveKit token with the roster
          const target = (message.livekit as CallJoin['livekit'] | undefined) ?? this.join.livekit;
          await this.startLivekit(target);
          return;
        }
        for (const peer of this.state.peers) await this.offerTo(peer.id);
        return;
      }
      case 'call_joined': {
        const participant = message.participant as CallParticipant;
        if (participant.id === this.state.self) return;
        this.update({
          peers: [
            ...this.state.peers.filter((p) => p.id !== participant.id),
            { ...participant, stream: this.remote.get(participant.id) ?? null, failed: false },
          ],
          lobby: this.state.lobby.filter((p) => p.id !== participant.id),
        });
        // the newcomer learns our states (it offers to us)
        this.sendState();
        return;
      }
      case 'call_left': {
        const id = message.participant_id as number;
        this.dropPeer(id);
        return;
      }
      case 'call_lobby': {
        const participant = message.participant as CallParticipant;
        this.update({
          lobby: [...this.state.lobby.filter((p) => p.id !== participant.id), participant],
        });
        return;
      }
      case 'call_lobby_left':
        this.update({
          lobby: this.state.lobby.filter((p) => p.id !== (message.participant_id as number)),
        });
        return;
      case 'call_state':
        this.updatePeer(message.participant_id as number, {
          audio: message.audio === true,
          video: message.video === true,
          hand: message.hand === true,
          screen: message.screen === true,
        });
        return;
      case 'call_signal':
        if (this.join.media === 'livekit') return;
        await this.onSignal(
          message.from as number,
          message.kind as 'offer' | 'answer',
          message.sdp as string,
        );
        return;
      case 'call_ice':
        if (this.join.media === 'livekit') return;
        await this.onIce(message.from as number, message.candidates as RTCIceCandidateInit[]);
        return;
      case 'call_muted':
        this.setAudio(false);
        this.update({ mutedByHost: true });
        return;
      case 'call_removed':
        this.finish('removed');
        return;
      case 'call_ended':
        this.finish('ended');
        return;
      default:
        return;
    }
  }

  /** Joins the LiveKit room with our token; a room that cannot be reached fails the call. */
  private async startLivekit(target: CallJoin['livekit']): Promise<void> {
    if (this.livekit) return;
    if (!target) {
      this.finish('failed');
      return;
    }
    try {
      const { connectLivekit } = await loadLivekitMedia();
      const media = await connectLivekit(target, this.state.local, (id, stream) => {
        if (stream) this.remote.set(id, stream);
        else this.remote.delete(id);
        this.updatePeer(id, { stream });
      });
      if (this.state.phase !== 'in') {
        media.close();
        return;
      }
      this.livekit = media;
      if (!this.state.audio) media.setEnabled('audio', false);
      if (!this.state.video) media.setEnabled('video', false);
    } catch {
      this.finish('failed');
    }
  }

  private connectionTo(id: number): RTCPeerConnection {
    const existing = this.pcs.get(id);
    if (existing) return existing;
    const pc = new RTCPeerConnection({ iceServers: this.join.ice_servers });
    this.pcs.set(id, pc);
    const local = this.state.local;
    for (const track of local?.getTracks() ?? []) pc.addTrack(track, local!);
    pc.onicecandidate = (event) => {
      if (!event.candidate) return;
      const json = event.candidate.toJSON();
      if (!json.candidate) return;
      const queue = this.outgoingIce.get(id) ?? [];
      queue.push({
        candidate: json.candidate,
        sdpMid: json.sdpMid ?? null,
        sdpMLineIndex: json.sdpMLineIndex ?? null,
      });
      this.outgoingIce.set(id, queue);
      // candidates go in batches: the socket allows a limited number of messages
      if (!this.iceTimers.has(id)) {
        this.iceTimers.set(
          id,
          setTimeout(() => this.flushIce(id), ICE_BATCH_MS),
        );
      }
    };
    pc.ontrack = (event) => {
      const stream = event.streams[0] ?? new MediaStream([event.track]);
      this.updatePeer(id, { stream });
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'failed') this.updatePeer(id, { failed: true });
      if (pc.connectionState === 'connected') this.updatePeer(id, { failed: false });
    };
    return pc;
  }

  private flushIce(id: number): void {
    this.iceTimers.delete(id);
    const queue = this.outgoingIce.get(id) ?? [];
    this.outgoingIce.delete(id);
    for (let i = 0; i < queue.length; i += 20) {
      this.send({ message_type: 'call_ice', to: id, candidates: queue.slice(i, i + 20) });
    }
  }

  private async offerTo(id: number): Promise<void> {
    const pc = this.connectionTo(id);
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    this.send({ message_type: 'call_signal', to: id, kind: 'offer', sdp: offer.sdp ?? '' });
  }

  private async onSignal(from: number, kind: 'offer' | 'answer', sdp: string): Promise<void> {
    const pc = this.connectionTo(from);
    await pc.setRemoteDescription({ type: kind, sdp });
    if (kind === 'offer') {
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      this.send({ message_type: 'call_signal', to: from, kind: 'answer', sdp: answer.sdp ?? '' });
    }
    for (const candidate of this.pendingIce.get(from) ?? []) {
      await pc.addIceCandidate(candidate).catch(() => undefined);
    }
    this.pendingIce.delete(from);
  }

  private async onIce(from: number, candidates: RTCIceCandidateInit[]): Promise<void> {
    const pc = this.pcs.get(from);
    if (!pc?.remoteDescription) {
      this.pendingIce.set(from, [...(this.pendingIce.get(from) ?? []), ...candidates]);
      return;
    }
    for (const candidate of candidates) {
      await pc.addIceCandidate(candidate).catch(() => undefined);
    }
  }

  private dropPeer(id: number): void {
    this.pcs.get(id)?.close();
    this.pcs.delete(id);
    this.pendingIce.delete(id);
    this.update({ peers: this.state.peers.filter((p) => p.id !== id) });
  }

  private closePeers(): void {
    for (const pc of this.pcs.values()) pc.close();
    this.pcs.clear();
    for (const timer of this.iceTimers.values()) clearTimeout(timer);
    this.iceTimers.clear();
  }

  private finish(phase: CallPhase): void {
    this.closePeers();
    this.livekit?.close();
    this.livekit = null;
    this.remote.clear();
    this.screenTrack?.stop();
    for (const track of this.state.local?.getTracks() ?? []) track.stop();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
    this.update({ phase, peers: [], lobby: [] });
  }

  setAudio(on: boolean): void {
    for (const track of this.state.local?.getAudioTracks() ?? []) track.enabled = on;
    this.livekit?.setEnabled('audio', on);
    this.update({
      audio: on && Boolean(this.state.local?.getAudioTracks().length),
      mutedByHost: false,
    });
    this.sendState();
  }

  setVideo(on: boolean): void {
    for (const track of this.state.local?.getVideoTracks() ?? []) track.enabled = on;
    this.livekit?.setEnabled('video', on);
    this.update({ video: on && Boolean(this.state.local?.getVideoTracks().length) });
    this.sendState();
  }

  setHand(up: boolean): void {
    this.update({ hand: up });
    this.sendState();
  }

  /** Shares the screen in place of the camera (the same sender: no new offer needed). */
  async setScreen(on: boolean): Promise<void> {
    const camera = this.state.local?.getVideoTracks()[0] ?? null;
    if (on) {
      const display = await navigator.mediaDevices.getDisplayMedia({ video: true });
      const track = display.getVideoTracks()[0];
      if (!track) return;
      this.screenTrack = track;
      track.onended = () => void this.setScreen(false);
      await this.replaceVideo(track);
    } else {
      this.screenTrack?.stop();
      this.screenTrack = null;
      await this.replaceVideo(camera);
    }
    this.update({ screen: on });
    this.sendState();
  }

  private async replaceVideo(track: MediaStreamTrack | null): Promise<void> {
    if (this.livekit) {
      await this.livekit.replaceVideo(track);
      return;
    }
    for (const pc of this.pcs.values()) {
      const sender = pc
        .getSenders()
        .find((s) => s.track?.kind === 'video' || (s.track === null && track));
      if (sender) await sender.replaceTrack(track);
    }
  }

  admit(participant: number): void {
    this.send({ message_type: 'call_admit', participant });
  }

  remove(participant: number): void {
    this.send({ message_type: 'call_remove', participant });
  }

  muteOther(participant: number): void {
    this.send({ message_type: 'call_mute', participant });
  }

  leave(): void {
    this.send({ message_type: 'call_leave' });
    this.finish('left');
  }
}

/** livekit-media.ts and livekit-client, fetched the first time a call runs on LiveKit. */
export const loadLivekitMedia = () => import('./livekit-media');
