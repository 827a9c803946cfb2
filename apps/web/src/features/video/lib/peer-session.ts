import type { IceServer, VideoRoom } from '@samtalsmatch/contracts';
import { z } from 'zod';

/*
 * The picture and sound between the two browsers (WebRTC, peer to peer;
 * docs/rules/video.md#peer-to-peer). The therapist's browser always makes
 * the offer, the client's answers: when the therapist learns the client is
 * in the call ('peer-ready': let in now, or back after a reload or a
 * dropped socket), it starts a new connection with an id of its own, and an
 * offer with a new id makes the client start afresh too. A connection that
 * drops is tried again on the same id with an ICE restart (the client asks
 * the therapist's side for one).
 */

/** What the two browsers send each other inside the server's `signal` message. */
export const peerMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['offer', 'answer']), pc: z.string(), sdp: z.string() }),
  z.object({
    kind: z.literal('candidate'),
    pc: z.string(),
    candidate: z.object({
      candidate: z.string(),
      sdpMid: z.string().nullable().optional(),
      sdpMLineIndex: z.number().nullable().optional(),
      usernameFragment: z.string().nullable().optional(),
    }),
  }),
  z.object({ kind: z.literal('restart'), pc: z.string() }),
]);
export type PeerMessage = z.infer<typeof peerMessageSchema>;

/** A dropped connection gets this long to come back by itself before an ICE restart. */
export const RESTART_AFTER_MS = 2000;

export interface PeerSessionOptions {
  role: VideoRoom['role'];
  iceServers: IceServer[];
  iceTransportPolicy?: RTCIceTransportPolicy | undefined;
  send: (message: PeerMessage) => void;
  onRemoteStream: (stream: MediaStream | null) => void;
  onMediaState: (state: 'connected' | 'lost') => void;
  localStream: () => MediaStream | null;
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
  newId?: () => string;
}

export class PeerSession {
  private pc: RTCPeerConnection | null = null;
  private id: string | null = null;
  private pending: RTCIceCandidateInit[] = [];
  private queue: Promise<void> = Promise.resolve();
  private restartTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: PeerSessionOptions) {}

  /** The therapist's side: a new connection and its offer. */
  start(): void {
    this.run(async () => {
      const pc = this.open((this.options.newId ?? (() => crypto.randomUUID()))());
      await this.offer(pc, false);
    });
  }

  /** A message from the other browser; handled one at a time, in order. */
  handle(data: unknown): void {
    const parsed = peerMessageSchema.safeParse(data);
    if (!parsed.success) return;
    this.run(() => this.receive(parsed.data));
  }

  /** New devices chosen: the same connection sends the new tracks. */
  replaceTracks(stream: MediaStream | null): void {
    if (!this.pc) return;
    for (const transceiver of this.pc.getTransceivers()) {
      const kind = transceiver.receiver.track.kind;
      const track = (kind === 'video' ? stream?.getVideoTracks() : stream?.getAudioTracks())?.[0];
      void transceiver.sender.replaceTrack(track ?? null).catch(() => undefined);
    }
  }

  close(): void {
    clearTimeout(this.restartTimer);
    this.pc?.close();
    this.pc = null;
    this.id = null;
    this.pending = [];
    this.options.onRemoteStream(null);
  }

  private run(task: () => Promise<void>) {
    this.queue = this.queue.then(task).catch(() => undefined);
  }

  private async receive(message: PeerMessage) {
    if (message.kind === 'offer' && this.options.role === 'CLIENT') {
      const pc = message.pc === this.id && this.pc ? this.pc : this.open(message.pc);
      await pc.setRemoteDescription({ type: 'offer', sdp: message.sdp });
      this.attachLocalTracks(pc);
      await this.flushCandidates(pc);
      await pc.setLocalDescription(await pc.createAnswer());
      this.options.send({ kind: 'answer', pc: message.pc, sdp: pc.localDescription!.sdp });
      return;
    }
    // Everything else belongs to the connection in use.
    const pc = this.pc;
    if (!pc || message.pc !== this.id) return;
    if (message.kind === 'answer' && this.options.role === 'PROVIDER') {
      if (pc.signalingState !== 'have-local-offer') return;
      await pc.setRemoteDescription({ type: 'answer', sdp: message.sdp });
      await this.flushCandidates(pc);
    } else if (message.kind === 'candidate') {
      if (pc.remoteDescription) await pc.addIceCandidate(message.candidate);
      else this.pending.push(message.candidate);
    } else if (message.kind === 'restart' && this.options.role === 'PROVIDER') {
      await this.offer(pc, true);
    }
  }

  private open(id: string): RTCPeerConnection {
    this.close();
    const { iceServers, iceTransportPolicy } = this.options;
    const config: RTCConfiguration = {
      iceServers,
      ...(iceTransportPolicy ? { iceTransportPolicy } : {}),
    };
    const pc = (this.options.createPeerConnection ?? ((c) => new RTCPeerConnection(c)))(config);
    this.pc = pc;
    this.id = id;
    const remote = new MediaStream();
    pc.ontrack = (event) => {
      remote.addTrack(event.track);
      // A new stream object, so the video element takes the added track.
      this.options.onRemoteStream(new MediaStream(remote.getTracks()));
    };
    pc.onicecandidate = (event) => {
      if (event.candidate && this.pc === pc) {
        const c = event.candidate.toJSON();
        this.options.send({
          kind: 'candidate',
          pc: id,
          candidate: {
            candidate: c.candidate ?? '',
            sdpMid: c.sdpMid ?? null,
            sdpMLineIndex: c.sdpMLineIndex ?? null,
            usernameFragment: c.usernameFragment ?? null,
          },
        });
      }
    };
    pc.oniceconnectionstatechange = () => this.onIceState(pc);
    if (this.options.role === 'PROVIDER') {
      for (const kind of ['audio', 'video'] as const) {
        pc.addTransceiver(kind, { direction: 'sendrecv' });
      }
      this.attachLocalTracks(pc);
    }
    return pc;
  }

  /** The person's own camera and microphone on the connection's senders (none: it only receives). */
  private attachLocalTracks(pc: RTCPeerConnection) {
    const stream = this.options.localStream();
    for (const transceiver of pc.getTransceivers()) {
      const kind = transceiver.receiver.track.kind;
      const track = (kind === 'video' ? stream?.getVideoTracks() : stream?.getAudioTracks())?.[0];
      transceiver.direction = 'sendrecv';
      void transceiver.sender.replaceTrack(track ?? null).catch(() => undefined);
    }
  }

  private async offer(pc: RTCPeerConnection, iceRestart: boolean) {
    if (this.pc !== pc || !this.id) return;
    await pc.setLocalDescription(await pc.createOffer({ iceRestart }));
    this.options.send({ kind: 'offer', pc: this.id, sdp: pc.localDescription!.sdp });
  }

  private async flushCandidates(pc: RTCPeerConnection) {
    const pending = this.pending;
    this.pending = [];
    for (const candidate of pending) await pc.addIceCandidate(candidate).catch(() => undefined);
  }

  private onIceState(pc: RTCPeerConnection) {
    if (this.pc !== pc) return;
    const state = pc.iceConnectionState;
    if (state === 'connected' || state === 'completed') {
      clearTimeout(this.restartTimer);
      this.restartTimer = undefined;
      this.options.onMediaState('connected');
    } else if (state === 'disconnected' || state === 'failed') {
      this.options.onMediaState('lost');
      if (this.restartTimer === undefined) {
        this.restartTimer = setTimeout(
          () => {
            this.restartTimer = undefined;
            this.restart(pc);
          },
          state === 'failed' ? 0 : RESTART_AFTER_MS,
        );
      }
    }
  }

  /** Tries the dropped connection again: an ICE restart, offered by the therapist's side. */
  private restart(pc: RTCPeerConnection) {
    if (this.pc !== pc || !this.id) return;
    const state = pc.iceConnectionState;
    if (state === 'connected' || state === 'completed') return;
    if (this.options.role === 'PROVIDER') this.run(() => this.offer(pc, true));
    else this.options.send({ kind: 'restart', pc: this.id });
  }
}
