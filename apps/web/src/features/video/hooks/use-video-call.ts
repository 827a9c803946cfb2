import type { SignalServerMessage, VideoRoom } from '@samtalsmatch/contracts';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { callReducer, initialCallState, type CallState } from '../lib/call-state';
import { PeerSession } from '../lib/peer-session';
import { SignalSocket, signalUrl } from '../lib/signal-socket';

export interface VideoCall {
  state: CallState;
  remoteStream: MediaStream | null;
  join: () => void;
  leave: () => void;
  /** The therapist's "Släpp in". */
  admit: () => void;
}

/**
 * One person in a room: the signalling socket (use the protocol of
 * docs/rules/video.md#signalling; nothing is sent to the other browser
 * before the therapist lets the client in: the server holds it too) and the
 * peer connection, with the page's state from call-state.ts.
 */
export function useVideoCall(room: VideoRoom, localStream: MediaStream | null): VideoCall {
  const [state, dispatch] = useReducer(callReducer, room.role, initialCallState);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const streamRef = useRef(localStream);
  const socketRef = useRef<SignalSocket | null>(null);
  const peerRef = useRef<PeerSession | null>(null);

  const end = useCallback(() => {
    socketRef.current?.leave();
    socketRef.current = null;
    peerRef.current?.close();
    peerRef.current = null;
  }, []);

  const join = useCallback(() => {
    end();
    const peer = new PeerSession({
      role: room.role,
      iceServers: room.iceServers,
      iceTransportPolicy: room.iceTransportPolicy,
      send: (data) => socket.send({ type: 'signal', data }),
      onRemoteStream: setRemoteStream,
      onMediaState: (media) => dispatch({ type: 'media', state: media }),
      localStream: () => streamRef.current,
    });
    const onMessage = (message: SignalServerMessage) => {
      dispatch({ type: 'server', message });
      switch (message.type) {
        case 'signal':
          peer.handle(message.data);
          break;
        case 'peer-ready':
          // The client is in (let in now, or back): the therapist's side offers.
          if (room.role === 'PROVIDER') peer.start();
          break;
        case 'peer-left':
        case 'replaced':
        case 'closed':
          peer.close();
          break;
        default:
      }
    };
    const socket = new SignalSocket(
      signalUrl(window.location, room.bookingId),
      {
        onMessage,
        onLost: () => dispatch({ type: 'socket-lost' }),
        onEnd: (reason) => {
          peer.close();
          dispatch({ type: 'server', message: { type: reason } });
        },
      },
      // After the room's hours the server refuses the socket: stop trying.
      () => Date.now() < new Date(room.closesAt).getTime(),
    );
    socketRef.current = socket;
    peerRef.current = peer;
    dispatch({ type: 'join' });
    socket.connect();
  }, [end, room]);

  const leave = useCallback(() => {
    end();
    dispatch({ type: 'leave' });
  }, [end]);

  const admit = useCallback(() => {
    socketRef.current?.send({ type: 'admit' });
  }, []);

  // Other devices chosen during the call: the connection sends the new tracks.
  useEffect(() => {
    streamRef.current = localStream;
    peerRef.current?.replaceTracks(localStream);
  }, [localStream]);

  // Leaving the page leaves the room.
  useEffect(() => end, [end]);

  return { state, remoteStream, join, leave, admit };
}
