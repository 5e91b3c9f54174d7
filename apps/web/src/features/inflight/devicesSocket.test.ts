import { afterEach, describe, expect, it, vi } from 'vitest';
import { DevicesSocket, devicesSocketUrl, type DevicesSocketLike } from './devicesSocket';

function fake(url: string): DevicesSocketLike & { url: string } {
  return { url, onopen: null, onmessage: null, onclose: null, onerror: null, close: vi.fn() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('devices socket', () => {
  it('is ws(s)://<page host>/ws/devices', () => {
    expect(devicesSocketUrl('http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080/ws/devices');
    expect(devicesSocketUrl('https://clearway.example')).toBe('wss://clearway.example/ws/devices');
  });

  it('passes text messages on, says its link state, and reconnects after a close with a doubling delay', () => {
    vi.useFakeTimers();
    const opened: ReturnType<typeof fake>[] = [];
    const texts: string[] = [];
    const links: string[] = [];
    const socket = new DevicesSocket({ origin: 'http://h', openSocket: (url) => opened[opened.push(fake(url)) - 1]!, onText: (t) => texts.push(t), onLink: (l) => links.push(l), retryMs: { first: 100, max: 400 } });
    socket.start();
    opened[0]!.onopen?.();
    opened[0]!.onmessage?.({ data: '{"type":"status"}' });
    opened[0]!.onmessage?.({ data: new ArrayBuffer(2) });
    expect(texts).toEqual(['{"type":"status"}']);
    opened[0]!.onclose?.({ code: 1006 });
    vi.advanceTimersByTime(99);
    expect(opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(opened).toHaveLength(2);
    opened[1]!.onclose?.({ code: 1006 }); // refused again (no bridge, signed out): 200 ms
    vi.advanceTimersByTime(199);
    expect(opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(opened).toHaveLength(3);
    expect(links).toEqual(['connecting', 'open', 'closed', 'connecting', 'closed', 'connecting']);
    socket.stop();
    expect(opened[2]!.close).toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(opened).toHaveLength(3);
  });
});
