// @vitest-environment node
// Node: real MessageChannels (as between the browser's workers) and the nav database encoder's realm.
import { afterEach, describe, expect, it } from 'vitest';
import { createDirectRoutingEndpoint } from '../../worker/directEndpoint';
import type { RoutingEndpoint } from '../../worker/endpoint';
import { tinyArtifact } from '../../test/navFixture';
import { createDirectAdsbEndpoint } from './directEndpoint';
import type { AdsbOutput } from './adsbMessages';
import { stationOf } from './adsbCore';
import { linkRoutingToReceiver, RECEIVER_NOT_LINKED_WARNING, routingOverPort, whenReceiverPort } from './receiverLink';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

async function loadedRouting(): Promise<RoutingEndpoint> {
  const routing = createDirectRoutingEndpoint();
  cleanups.push(() => routing.dispose());
  await routing.ready;
  await routing.call('loadDatabase', { bytes: tinyArtifact() });
  return routing;
}

/** The receiver's port from start-up's link (the ADS-B worker's side takes it). */
function takePort(): Promise<MessagePort> {
  return new Promise((resolve) => whenReceiverPort(resolve));
}

/** A devices-socket FIS-B message with these METAR texts. */
function fisbMessage(...metars: string[]): string {
  return JSON.stringify({ type: 'fisb', time: 0, source: 'ADS-B', products: metars.map((text) => ({ productId: 413, kind: text.split(' ')[0], location: text.split(' ')[1], text, station: { lat: 37, lon: -122 } })) });
}

/** The endpoint's outputs, taken in order by kind (an output that came before it was asked for is kept). */
function outputs(endpoint: ReturnType<typeof createDirectAdsbEndpoint>): { next: <K extends AdsbOutput['kind']>(kind: K) => Promise<Extract<AdsbOutput, { kind: K }>> } {
  const unread: AdsbOutput[] = [];
  const waiting: { kind: string; resolve: (o: AdsbOutput) => void }[] = [];
  endpoint.onOutput((o) => {
    const i = waiting.findIndex((w) => w.kind === o.kind);
    if (i >= 0) waiting.splice(i, 1)[0]!.resolve(o);
    else unread.push(o);
  });
  return {
    next: (kind) =>
      new Promise((resolve) => {
        const i = unread.findIndex((o) => o.kind === kind);
        if (i >= 0) resolve(unread.splice(i, 1)[0] as Extract<AdsbOutput, { kind: typeof kind }>);
        else waiting.push({ kind, resolve: resolve as (o: AdsbOutput) => void });
      }),
  };
}

describe("start-up's link of the routing worker to the traffic receiver", () => {
  it('serves the routing message map on the port: the receiver side asks where stations are', async () => {
    const routing = await loadedRouting();
    const port = takePort();
    expect(await linkRoutingToReceiver(routing)).toEqual({ state: 'linked' });
    const overPort = await routingOverPort(await port, 2_000);
    expect(overPort).not.toBeNull();
    cleanups.push(() => overPort!.dispose());
    // ICAO and FAA idents of the airport database; an unknown ident is left out.
    const places = await overPort!.call('stationPlaces', { idents: ['KHWD', 'OAK', 'KZZZ'] });
    expect(places).toEqual({ KHWD: { lat: 37.6589, lon: -122.1217 }, OAK: { lat: 37.7213, lon: -122.2208 } });
    // The same answers as the page's own calls.
    expect(await overPort!.call('airport', { code: 'KOAK' })).toEqual(await routing.call('airport', { code: 'KOAK' }));
  });

  it('warns and does not link when the routing worker does not take its port in time', async () => {
    let closed = 0;
    const never = { call: () => new Promise<never>(() => undefined) } as unknown as RoutingEndpoint;
    const outcome = await linkRoutingToReceiver(never, {
      timeoutMs: 30,
      createChannel: () => {
        const channel = new MessageChannel();
        channel.port2.close = () => void (closed += 1);
        return channel;
      },
    });
    expect(outcome).toEqual({ state: 'not_linked', reason: RECEIVER_NOT_LINKED_WARNING });
    // The receiver's port was closed, not handed on.
    expect(closed).toBe(1);
    const failing = { call: () => Promise.reject(new Error('RoutingWorkerFacade not initialized. Call init() first.')) } as unknown as RoutingEndpoint;
    expect(await linkRoutingToReceiver(failing)).toEqual({ state: 'not_linked', reason: 'the traffic receiver is not linked to the routing worker: RoutingWorkerFacade not initialized. Call init() first.' });
  });

  it("gives up after the port wait when nothing answers on the receiver's side", async () => {
    const channel = new MessageChannel();
    cleanups.push(() => channel.port1.close());
    expect(await routingOverPort(channel.port2, 30)).toBeNull();
  });

  it('the ADS-B worker places FIS-B METARs by the airport database once linked, keeping what it learnt', async () => {
    const routing = await loadedRouting();
    const adsb = createDirectAdsbEndpoint(0);
    cleanups.push(() => adsb.terminate());
    const out = outputs(adsb);
    await out.next('ready');

    // Not linked yet: the products come out without places.
    adsb.post({ kind: 'devices', text: fisbMessage('METAR KHWD 061753Z 29012KT 10SM FEW015 16/09 A3002') });
    expect((await out.next('fisb')).places).toEqual({});

    const port = takePort();
    expect(await linkRoutingToReceiver(routing)).toEqual({ state: 'linked' });
    adsb.post({ kind: 'link', port: await port });
    expect(await out.next('linked')).toEqual({ kind: 'linked', ok: true, reason: null });

    const batch = out.next('fisb');
    adsb.post({ kind: 'devices', text: fisbMessage('METAR KHWD 061853Z 29012KT 10SM FEW015 16/09 A3002', 'SPECI KOAK 061858Z 30010KT 8SM BKN012 15/10 A3001', 'METAR KXYZ 061853Z 00000KT 10SM CLR 10/05 A3000') });
    const placed = await batch;
    expect(placed.places).toEqual({ KHWD: { lat: 37.6589, lon: -122.1217 }, KOAK: { lat: 37.7213, lon: -122.2208 } });
    expect(placed.products.map((p) => p.kind)).toEqual(['METAR', 'SPECI', 'METAR']);

    // Known stations are not asked again: a batch of them comes out at once, placed from what was kept.
    const again = out.next('fisb');
    adsb.post({ kind: 'devices', text: fisbMessage('METAR KOAK 061953Z 30010KT 8SM BKN012 15/10 A3001') });
    expect((await again).places).toEqual({ KOAK: { lat: 37.7213, lon: -122.2208 } });
  });

  it('reads the reporting station of METAR, SPECI and TAF texts', () => {
    expect(stationOf('METAR KHWD 061753Z 29012KT')).toBe('KHWD');
    expect(stationOf('TAF AMD KOAK 061720Z 0618/0718 30010KT')).toBe('KOAK');
    expect(stationOf('KSFO 061756Z 28015KT')).toBe('KSFO');
    expect(stationOf('PIREP OAK UA /OV OAK')).toBeNull();
  });
});
