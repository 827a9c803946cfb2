import type { SignalServerMessage } from '@samtalsmatch/contracts';
import { describe, expect, it } from 'vitest';
import { callReducer, initialCallState, type CallEvent, type CallState } from '../lib/call-state';

const server = (message: SignalServerMessage): CallEvent => ({ type: 'server', message });

function run(role: CallState['role'], ...events: CallEvent[]): CallState {
  return events.reduce(callReducer, initialCallState(role));
}

describe('the room as the client sees it', () => {
  it('waits after "Anslut", and is told when the therapist lets them in', () => {
    const waiting = run('CLIENT', { type: 'join' }, server({ type: 'waiting' }));
    expect(waiting.phase).toBe('waiting');
    expect(waiting.announcement).toBe(
      'Du är i väntrummet. Terapeuten släpper in dig när samtalet börjar.',
    );
    const admitted = callReducer(waiting, server({ type: 'admitted' }));
    expect(admitted.phase).toBe('in-call');
    expect(admitted.announcement).toBe('Terapeuten har släppt in dig');
  });

  it('a client let in before is in the call at once, without the waiting room', () => {
    const back = run('CLIENT', { type: 'join' }, server({ type: 'admitted' }));
    expect(back.phase).toBe('in-call');
    expect(back.announcement).toBe('Du är ansluten till samtalet.');
  });

  it('hears when the therapist comes and goes', () => {
    const s = run(
      'CLIENT',
      { type: 'join' },
      server({ type: 'waiting' }),
      server({ type: 'peer-joined' }),
    );
    expect(s).toMatchObject({ peer: 'present', announcement: 'Terapeuten är ansluten' });
    expect(callReducer(s, server({ type: 'peer-left' }))).toMatchObject({
      peer: 'absent',
      media: 'none',
      announcement: 'Terapeuten har lämnat samtalet.',
    });
  });
});

describe('the room as the therapist sees it', () => {
  it('sees the client waiting, then in the call', () => {
    const joined = run('PROVIDER', { type: 'join' }, server({ type: 'joined' }));
    expect(joined).toMatchObject({ phase: 'in-call', peer: 'absent' });
    const waiting = callReducer(joined, server({ type: 'client-waiting' }));
    expect(waiting).toMatchObject({ peer: 'waiting', announcement: 'Klienten väntar' });
    const ready = callReducer(waiting, server({ type: 'peer-ready' }));
    expect(ready).toMatchObject({
      peer: 'present',
      media: 'connecting',
      announcement: 'Klienten är ansluten',
    });
    expect(callReducer(ready, { type: 'media', state: 'connected' }).media).toBe('connected');
    expect(callReducer(ready, server({ type: 'peer-left' }))).toMatchObject({
      peer: 'absent',
      announcement: 'Klienten har lämnat samtalet.',
    });
  });
});

describe('a dropped connection', () => {
  const inCall = run(
    'PROVIDER',
    { type: 'join' },
    server({ type: 'joined' }),
    server({ type: 'peer-ready' }),
    { type: 'media', state: 'connected' },
  );

  it('a dropped socket says it tries again, and that it is back', () => {
    const lost = callReducer(inCall, { type: 'socket-lost' });
    expect(lost).toMatchObject({
      phase: 'reconnecting',
      announcement: 'Anslutningen bröts. Försöker ansluta igen…',
    });
    expect(callReducer(lost, server({ type: 'joined' }))).toMatchObject({
      phase: 'in-call',
      announcement: 'Anslutningen är tillbaka.',
    });
  });

  it('the client back after a dropped socket: the therapist, still there, does not hide "Anslutningen är tillbaka."', () => {
    const s = run(
      'CLIENT',
      { type: 'join' },
      server({ type: 'admitted' }),
      server({ type: 'peer-joined' }),
      { type: 'socket-lost' },
      server({ type: 'admitted' }),
      server({ type: 'peer-joined' }),
    );
    expect(s).toMatchObject({ phase: 'in-call', announcement: 'Anslutningen är tillbaka.' });
  });

  it('a dropped picture says it tries again, and that it is back', () => {
    const lost = callReducer(inCall, { type: 'media', state: 'lost' });
    expect(lost).toMatchObject({
      media: 'reconnecting',
      announcement: 'Anslutningen bröts. Försöker ansluta igen…',
    });
    expect(callReducer(lost, { type: 'media', state: 'connected' })).toMatchObject({
      media: 'connected',
      announcement: 'Anslutningen är tillbaka.',
    });
  });

  it('a picture not yet started has nothing to lose', () => {
    const early = run('PROVIDER', { type: 'join' }, server({ type: 'joined' }));
    expect(callReducer(early, { type: 'media', state: 'lost' })).toBe(early);
  });
});

describe('the end of a tab', () => {
  it('a newer tab takes over: this one says so and hears nothing more', () => {
    const replaced = run(
      'CLIENT',
      { type: 'join' },
      server({ type: 'admitted' }),
      server({ type: 'replaced' }),
    );
    expect(replaced).toMatchObject({
      phase: 'replaced',
      announcement:
        'Samtalet har öppnats i en annan flik eller ett annat fönster. Den här fliken är inte längre ansluten.',
    });
    expect(callReducer(replaced, server({ type: 'peer-joined' }))).toBe(replaced);
    expect(callReducer(replaced, { type: 'socket-lost' })).toBe(replaced);
  });

  it('the room closes', () => {
    const closed = run(
      'PROVIDER',
      { type: 'join' },
      server({ type: 'joined' }),
      server({ type: 'closed' }),
    );
    expect(closed).toMatchObject({
      phase: 'closed',
      announcement: 'Rummet har stängt. Samtalet är slut.',
    });
  });

  it('leaving, and joining again', () => {
    const left = run('CLIENT', { type: 'join' }, server({ type: 'admitted' }), { type: 'leave' });
    expect(left).toMatchObject({ phase: 'left', announcement: 'Du har lämnat samtalet.' });
    expect(callReducer(left, { type: 'socket-lost' })).toBe(left);
    expect(callReducer(left, { type: 'join' }).phase).toBe('connecting');
  });
});
