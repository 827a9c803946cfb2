import type { SignalServerMessage, VideoRoom } from '@samtalsmatch/contracts';
import { VIDEO_TEXTS as T } from '../texts';

/*
 * The room's state as the page shows it, driven by the signalling socket's
 * messages (docs/rules/video.md#signalling) and the connection's events.
 * Pure: the hook (use-video-call.ts) feeds it and acts on the messages.
 */

export type CallRole = VideoRoom['role'];

export type CallPhase =
  /** The device check; not connected. */
  | 'idle'
  | 'connecting'
  /** A client the therapist has not let in yet. */
  | 'waiting'
  | 'in-call'
  /** The socket dropped; it is being opened again. */
  | 'reconnecting'
  /** A newer tab of the same person took over. */
  | 'replaced'
  | 'closed'
  | 'left';

export interface CallState {
  role: CallRole;
  phase: CallPhase;
  /** The other person: not in the room, waiting to be let in (seen by the therapist), or in. */
  peer: 'absent' | 'waiting' | 'present';
  /** Picture and sound between the two browsers. */
  media: 'none' | 'connecting' | 'connected' | 'reconnecting';
  /** What the live region says last. */
  announcement: string;
}

export type CallEvent =
  | { type: 'join' }
  | { type: 'leave' }
  | { type: 'server'; message: SignalServerMessage }
  | { type: 'socket-lost' }
  | { type: 'media'; state: 'connected' | 'lost' };

export function initialCallState(role: CallRole): CallState {
  return { role, phase: 'idle', peer: 'absent', media: 'none', announcement: '' };
}

const ENDED: readonly CallPhase[] = ['replaced', 'closed', 'left', 'idle'];

export function callReducer(state: CallState, event: CallEvent): CallState {
  const client = state.role === 'CLIENT';
  switch (event.type) {
    case 'join':
      return { ...state, phase: 'connecting', peer: 'absent', media: 'none', announcement: '' };
    case 'leave':
      return { ...state, phase: 'left', peer: 'absent', media: 'none', announcement: T.left };
    case 'socket-lost':
      if (ENDED.includes(state.phase)) return state;
      return { ...state, phase: 'reconnecting', announcement: T.reconnecting };
    case 'media':
      if (event.state === 'connected') {
        return {
          ...state,
          media: 'connected',
          announcement: state.media === 'reconnecting' ? T.reconnected : state.announcement,
        };
      }
      if (state.media === 'none') return state;
      return { ...state, media: 'reconnecting', announcement: T.reconnecting };
    case 'server':
      return onServerMessage(state, event.message, client);
  }
}

function onServerMessage(
  state: CallState,
  message: SignalServerMessage,
  client: boolean,
): CallState {
  // Nothing more arrives for a tab that has left or was taken over.
  if (ENDED.includes(state.phase)) return state;
  const back = state.phase === 'reconnecting';
  switch (message.type) {
    case 'waiting':
      return { ...state, phase: 'waiting', announcement: T.clientWait };
    case 'admitted':
      return {
        ...state,
        phase: 'in-call',
        announcement: state.phase === 'waiting' ? T.admitted : back ? T.reconnected : T.inCall,
      };
    case 'joined':
      return { ...state, phase: 'in-call', announcement: back ? T.reconnected : T.inCall };
    case 'client-waiting':
      return { ...state, peer: 'waiting', announcement: T.clientWaiting };
    case 'peer-ready':
      return { ...state, peer: 'present', media: 'connecting', announcement: T.clientJoined };
    case 'peer-joined':
      // News only when the therapist was not there: after a reconnect it would hide "Anslutningen är tillbaka.".
      return {
        ...state,
        peer: 'present',
        announcement: client && state.peer !== 'present' ? T.therapistJoined : state.announcement,
      };
    case 'peer-left':
      return {
        ...state,
        peer: 'absent',
        media: 'none',
        announcement: client ? T.therapistLeft : T.clientLeft,
      };
    case 'replaced':
      return {
        ...state,
        phase: 'replaced',
        peer: 'absent',
        media: 'none',
        announcement: T.replaced,
      };
    case 'closed':
      return {
        ...state,
        phase: 'closed',
        peer: 'absent',
        media: 'none',
        announcement: T.roomClosedNow,
      };
    case 'signal':
    case 'error':
      return state;
  }
}
