import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceOptions, levelFromSamples, mediaConstraints } from '../lib/devices';
import { peerMessageSchema } from '../lib/peer-session';
import { reconnectDelay, SignalSocket, signalUrl } from '../lib/signal-socket';

describe('device choices', () => {
  it('names a device the browser has not named yet, and leaves out other kinds', () => {
    expect(
      deviceOptions(
        [
          { deviceId: 'a', kind: 'videoinput', label: '' },
          { deviceId: 'b', kind: 'audioinput', label: 'Headset' },
          { deviceId: 'c', kind: 'videoinput', label: 'Webbkamera' },
          { deviceId: '', kind: 'videoinput', label: '' },
          { deviceId: 'd', kind: 'audiooutput', label: 'Högtalare' },
        ],
        'videoinput',
      ),
    ).toEqual([
      { id: 'a', label: 'Kamera 1' },
      { id: 'c', label: 'Webbkamera' },
    ]);
  });

  it('asks for the chosen device exactly, or the default', () => {
    expect(mediaConstraints('', '')).toEqual({ video: true, audio: true });
    expect(mediaConstraints('cam', 'mic')).toEqual({
      video: { deviceId: { exact: 'cam' } },
      audio: { deviceId: { exact: 'mic' } },
    });
  });

  it('the level: 0 for silence, higher for louder, at most 100', () => {
    expect(levelFromSamples(new Uint8Array(64).fill(128))).toBe(0);
    const quiet = levelFromSamples(Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 124 : 132)));
    const loud = levelFromSamples(Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 98 : 158)));
    expect(quiet).toBeGreaterThan(0);
    expect(loud).toBeGreaterThan(quiet);
    expect(levelFromSamples(Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 0 : 255)))).toBe(
      100,
    );
    expect(levelFromSamples([])).toBe(0);
  });
});

describe('what the browsers send each other', () => {
  it('takes offers, answers, candidates and restarts, and nothing else', () => {
    expect(peerMessageSchema.safeParse({ kind: 'offer', pc: 'p', sdp: 'v=0' }).success).toBe(true);
    expect(
      peerMessageSchema.safeParse({
        kind: 'candidate',
        pc: 'p',
        candidate: { candidate: 'candidate:1', sdpMid: '0', sdpMLineIndex: 0 },
      }).success,
    ).toBe(true);
    expect(peerMessageSchema.safeParse({ kind: 'restart', pc: 'p' }).success).toBe(true);
    expect(peerMessageSchema.safeParse({ kind: 'offer', sdp: 'v=0' }).success).toBe(false);
    expect(peerMessageSchema.safeParse({ kind: 'script', pc: 'p' }).success).toBe(false);
  });
});

/** A socket the test drives. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

describe('the signalling socket', () => {
  afterEach(() => {
    FakeSocket.made = [];
    vi.useRealTimers();
  });

  function connect(shouldRetry = () => true) {
    const handlers = { onMessage: vi.fn(), onLost: vi.fn(), onEnd: vi.fn() };
    const socket = new SignalSocket(
      'ws://x/signal',
      handlers,
      shouldRetry,
      (url) => new FakeSocket(url),
    );
    socket.connect();
    return { socket, handlers, fake: () => FakeSocket.made.at(-1)! };
  }

  it('is on the page origin, ws: or wss: as the page', () => {
    expect(signalUrl({ protocol: 'https:', host: 'samtalsmatch.se' }, 'b1')).toBe(
      'wss://samtalsmatch.se/api/video/b1/signal',
    );
    expect(signalUrl({ protocol: 'http:', host: '127.0.0.1:3000' }, 'b1')).toBe(
      'ws://127.0.0.1:3000/api/video/b1/signal',
    );
  });

  it('passes the messages on, and sends only while open', () => {
    const { socket, handlers, fake } = connect();
    expect(socket.send({ type: 'admit' })).toBe(false);
    fake().open();
    fake().receive({ type: 'client-waiting' });
    expect(handlers.onMessage).toHaveBeenCalledWith({ type: 'client-waiting' });
    expect(socket.send({ type: 'admit' })).toBe(true);
    expect(fake().sent).toEqual(['{"type":"admit"}']);
  });

  it('a dropped socket opens again, waiting longer each time', () => {
    vi.useFakeTimers();
    const { handlers, fake } = connect();
    fake().open();
    fake().drop(1006);
    expect(handlers.onLost).toHaveBeenCalledTimes(1);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(reconnectDelay(0));
    expect(FakeSocket.made).toHaveLength(2);
    fake().drop(1006);
    vi.advanceTimersByTime(reconnectDelay(0));
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(reconnectDelay(1) - reconnectDelay(0));
    expect(FakeSocket.made).toHaveLength(3);
    expect(reconnectDelay(99)).toBe(8000);
  });

  it('taken over, or the room closed, or past its hours: it stays shut', () => {
    vi.useFakeTimers();
    for (const [code, reason] of [
      [4001, 'replaced'],
      [4002, 'closed'],
    ] as const) {
      const { handlers, fake } = connect();
      fake().open();
      const made = FakeSocket.made.length;
      fake().drop(code);
      vi.advanceTimersByTime(10_000);
      expect(handlers.onEnd).toHaveBeenCalledWith(reason);
      expect(handlers.onLost).not.toHaveBeenCalled();
      expect(FakeSocket.made).toHaveLength(made);
    }
    const late = connect(() => false);
    late.fake().drop(1006);
    expect(late.handlers.onEnd).toHaveBeenCalledWith('closed');
  });

  it('leaving says so, closes, and never opens again', () => {
    vi.useFakeTimers();
    const { socket, handlers, fake } = connect();
    fake().open();
    const first = fake();
    socket.leave();
    expect(first.sent).toEqual(['{"type":"leave"}']);
    expect(first.closedWith).toBe(1000);
    first.drop(1000);
    vi.advanceTimersByTime(10_000);
    expect(handlers.onLost).not.toHaveBeenCalled();
    expect(FakeSocket.made).toHaveLength(1);
  });
});
