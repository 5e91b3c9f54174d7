// The Sim PFD page around its socket (a fake WebSocket standing in for the server's /ws/sim):
// 'Loading...' until the link opens (spec part 1 §2 "SimPFD shows 'Loading...' while loading"),
// the flight plan's .fms offered as a download once sent, and a command with no link dropped.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultFlightData, type SimServerMessage, type SimStatusMessage } from '@clearway/protocol';
import { makeStore } from '../../store';
import SimPfd from './SimPfd';
import { resetSimStore } from './simStore';

class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket | null = null;
  readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(text: string): void {
    this.sent.push(text);
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: SimServerMessage): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const STATUS: SimStatusMessage = {
  type: 'simStatus', time: 1, connected: true, dataSource: 'udp', isSimulating: true, stale: false,
  xplaneHosts: [{ id: '127.0.0.1:49000', address: '127.0.0.1', port: 49000, name: 'SIM', version: 121100, role: 1, lastSeenAt: 1, source: 'beacon' }],
  currentXplaneHost: '127.0.0.1:49000', subscribed: true, lastDataAt: 1, fmsDir: false, counts: { datagrams: 1, values: 1, bad: 0, commandsSent: 0, commandsDropped: 0, reconnects: 0 },
};

afterEach(() => {
  vi.unstubAllGlobals();
  FakeSocket.last = null;
  resetSimStore();
});

describe('Sim PFD page', () => {
  it("shows 'Loading...' until the simulator socket opens, then the link's state, and offers the sent flight plan as a .fms download", async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    // jsdom draws no canvas: the page keeps its controls and text without a 2D context.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const view = render(<Provider store={makeStore()}><SimPfd /></Provider>);
    expect(screen.getByText('Loading...')).toBeTruthy();
    const socket = FakeSocket.last!;
    expect(socket.url).toMatch(/^ws:\/\/[^/]+\/ws\/sim$/);
    expect(screen.getByTestId('sim-status').textContent).toBe('Simulator link: server not reachable');

    act(() => socket.open());
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByText('Waiting for the simulator: start X-Plane with its network data on, then Subscribe.')).toBeTruthy();
    act(() => socket.receive(STATUS));
    expect(screen.getByTestId('sim-status').textContent).toBe('X-Plane connected (UDP) · simulating');
    act(() => socket.receive({ type: 'flightData', time: 2, data: { ...defaultFlightData(), altitude: 5000 } }));
    expect(screen.queryByText('Waiting for the simulator: start X-Plane with its network data on, then Subscribe.')).toBeNull();

    // The flight director button sends the §4 toggle (off to on) on the socket.
    fireEvent.click(screen.getByRole('button', { name: 'FD on' }));
    expect(JSON.parse(socket.sent.at(-1)!)).toMatchObject({ type: 'command', command: { type: 'flightDirector', mode: 1 } });

    // No download before a flight plan was sent; after the server's answer with the .fms, a download link.
    expect(screen.queryByRole('link', { name: 'Download the .fms flight plan' })).toBeNull();
    act(() => socket.receive({ type: 'commandResult', id: 'c2', ok: true, message: 'Flight plan ready to download (XPLANE_FMS_DIR is not set, so it was not written into X-Plane)', fms: 'I\n1100 Version\n' }));
    const link = screen.getByRole('link', { name: 'Download the .fms flight plan' });
    expect(link.getAttribute('href')).toBe('/sim/flightplan.fms');
    expect(link.getAttribute('download')).toBe('Clearway.fms');
    expect(screen.getByTestId('sim-result').textContent).toBe('Flight plan ready to download (XPLANE_FMS_DIR is not set, so it was not written into X-Plane)');

    // The server goes away: the page says so (the last flightData stays in the store, stale).
    act(() => socket.onclose?.());
    expect(screen.getByTestId('sim-status').textContent).toBe('Simulator link: server not reachable');
    view.unmount();
  });
});
