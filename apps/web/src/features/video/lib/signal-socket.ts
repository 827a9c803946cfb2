import type { SignalClientMessage, SignalServerMessage } from '@samtalsmatch/contracts';

/** Close codes the server uses (docs/rules/video.md#signalling): the tab must not come back. */
export const CLOSE_REPLACED = 4001;
export const CLOSE_ROOM_CLOSED = 4002;

/** Waits before the next attempt after a dropped socket: quick first, then up to 8 s. */
export const RECONNECT_DELAYS_MS = [500, 1000, 2000, 4000, 8000] as const;

export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
}

/** The signalling socket's address, on the page's own origin (the cookie goes with it). */
export function signalUrl(location: Pick<Location, 'protocol' | 'host'>, bookingId: string) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/video/${encodeURIComponent(bookingId)}/signal`;
}

export interface SignalSocketHandlers {
  onMessage: (message: SignalServerMessage) => void;
  /** The socket dropped and will be opened again. */
  onLost: () => void;
  /** The server ended this tab for good: taken over or the room closed. */
  onEnd: (reason: 'replaced' | 'closed') => void;
}

type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
};

/**
 * One person's signalling socket: it opens again after a drop (a new
 * presence: the server tells the other side, who starts the picture again),
 * and stays shut once the person leaves, another tab takes over or the room
 * closes. `shouldRetry` lets the page stop trying once the room's hours are over.
 */
export class SignalSocket {
  private socket: SocketLike | null = null;
  private stopped = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly url: string,
    private readonly handlers: SignalSocketHandlers,
    private readonly shouldRetry: () => boolean = () => true,
    private readonly open: (url: string) => SocketLike = (url) => new WebSocket(url),
  ) {}

  connect(): void {
    if (this.stopped) return;
    const socket = this.open(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
    };
    socket.onmessage = (event) => {
      let message: SignalServerMessage;
      try {
        message = JSON.parse(String(event.data)) as SignalServerMessage;
      } catch {
        return;
      }
      this.handlers.onMessage(message);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      if (
        event.code === CLOSE_REPLACED ||
        event.code === CLOSE_ROOM_CLOSED ||
        !this.shouldRetry()
      ) {
        this.stopped = true;
        this.handlers.onEnd(event.code === CLOSE_REPLACED ? 'replaced' : 'closed');
        return;
      }
      this.handlers.onLost();
      this.timer = setTimeout(() => this.connect(), reconnectDelay(this.attempt));
      this.attempt += 1;
    };
  }

  send(message: SignalClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== 1) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Leaves the room: tells the server, and never opens again. */
  leave(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    if (socket.readyState === 1) socket.send(JSON.stringify({ type: 'leave' }));
    socket.close(1000);
  }
}
