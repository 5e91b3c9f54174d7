import { describe, expect, it } from 'vitest';
import { fly, RouteFlight } from './flyer.js';

// The flyer's loop on a fake clock: each step's datagrams, the route's end, and a stop on request.
const A = { id: 'A', lat: 34.0, lon: -118.4 };
const B = { id: 'B', lat: 34.1, lon: -118.4 };

function fakeTime() {
  let now = 1_000_000;
  return { now: () => now, sleep: async (ms: number) => void (now += ms) };
}

describe('fly', () => {
  it('flies the route to its end: ownship and geometric altitude each step, heartbeat, ID and traffic each second', async () => {
    const flight = new RouteFlight([A, B], 600, 4500);
    const ids: number[] = [];
    const result = await fly({ flight, traffic: 2, rate: 10, ...fakeTime(), send: async (bytes) => void ids.push(bytes[1]!) });
    expect(result.final.done).toBe(true);
    expect(result.seconds).toBeCloseTo(flight.durationSeconds, 6);
    // Two per step (0x0A ownship, 0x0B geometric altitude); per whole second a heartbeat (0x00), an ID (0x65) and the traffic (0x14).
    const seconds = Math.ceil(result.steps / 10);
    expect(ids.filter((id) => id === 0x0a)).toHaveLength(result.steps);
    expect(ids.filter((id) => id === 0x0b)).toHaveLength(result.steps);
    expect(ids.filter((id) => id === 0x00)).toHaveLength(seconds);
    expect(ids.filter((id) => id === 0x14)).toHaveLength(2 * seconds);
    expect(result.datagrams).toBe(ids.length);
  });

  it('stops after the step it is sending when its signal is aborted', async () => {
    const flight = new RouteFlight([A, B], 120, 4500);
    const stop = new AbortController();
    let owns = 0;
    const result = await fly({
      flight,
      traffic: 0,
      rate: 10,
      ...fakeTime(),
      signal: stop.signal,
      send: async (bytes) => {
        if (bytes[1] === 0x0a && ++owns === 25) stop.abort();
      },
    });
    expect(result.steps).toBe(25);
    expect(result.final.done).toBe(false);
    expect(result.seconds).toBeCloseTo(2.4, 6);
  });
});
