import { describe, expect, it } from 'vitest';
import { ADSB_GPS_TIMEOUT_MS, ADSB_HEARTBEAT_TIMEOUT_MS, ADSB_TRAFFIC_TIMEOUT_MS } from './constants.js';
import { ReceiverStatus, type TrafficReceiverState } from './receiver.js';

class FakeClock {
  t = 1_700_000_000_000;
  now = (): number => this.t;
}

describe('receiver status timeouts (spec part 2 §4, §9)', () => {
  it('the spec values: heartbeat 10 s, traffic 10 s, GPS 6 s', () => {
    expect([ADSB_HEARTBEAT_TIMEOUT_MS, ADSB_TRAFFIC_TIMEOUT_MS, ADSB_GPS_TIMEOUT_MS]).toEqual([10_000, 10_000, 6_000]);
  });

  it('heartbeat and traffic go off 10 s after their last message, ADS-B GPS after 6 s', () => {
    const clock = new FakeClock();
    const r = new ReceiverStatus({ clock });
    expect(r.state()).toMatchObject({ adsb_gps_status: false, heartbeat: { status: false, timestamp: null }, traffic: { status: false } });
    const t0 = clock.t;
    r.message({ type: 'heartbeat', gpsPositionValid: false });
    r.message({ type: 'traffic' });
    r.message({ type: 'ownship', latitude: 37.5, longitude: -122.2 });
    expect(r.state()).toMatchObject({ adsb_gps_status: true, heartbeat: { status: true, timestamp: t0 }, traffic: { status: true }, location: { latitude: 37.5, longitude: -122.2 } });
    clock.t = t0 + 5_999;
    expect(r.state().adsb_gps_status).toBe(true);
    clock.t = t0 + 6_000;
    expect(r.state().adsb_gps_status).toBe(false);
    expect(r.state().heartbeat.status).toBe(true);
    clock.t = t0 + 9_999;
    expect(r.state()).toMatchObject({ heartbeat: { status: true }, traffic: { status: true } });
    clock.t = t0 + 10_000;
    expect(r.state()).toMatchObject({ heartbeat: { status: false, timestamp: t0 }, traffic: { status: false } });
    // The receiver's last location is kept after its GPS goes off.
    expect(r.state().location).toEqual({ latitude: 37.5, longitude: -122.2 });
  });

  it('a heartbeat with the GPS-valid bit feeds the ADS-B GPS; an ownship report without a position does not', () => {
    const clock = new FakeClock();
    const r = new ReceiverStatus({ clock });
    r.message({ type: 'ownship', latitude: null, longitude: null });
    expect(r.state().adsb_gps_status).toBe(false);
    r.message({ type: 'stratuxHeartbeat', gpsValid: true });
    expect(r.state()).toMatchObject({ adsb_gps_status: true, heartbeat: { status: true } });
  });

  it('uplink, AHRS and unknown messages do not count as traffic or heartbeat', () => {
    const r = new ReceiverStatus({ clock: new FakeClock() });
    r.message({ type: 'uplink' });
    r.message({ type: 'foreFlightAhrs' });
    expect(r.state()).toMatchObject({ heartbeat: { status: false }, traffic: { status: false }, adsb_gps_status: false });
  });

  it('FIS-B products have timestamps and stay on (no timeout in the spec)', () => {
    const clock = new FakeClock();
    const r = new ReceiverStatus({ clock });
    r.seen('metar');
    clock.t += 3_600_000;
    expect(r.state()).toMatchObject({ metar: { status: true, timestamp: clock.t - 3_600_000 }, taf: { status: false }, nexrad: { status: false } });
  });

  it('tick() notifies subscribers only when a status changes', () => {
    const clock = new FakeClock();
    const r = new ReceiverStatus({ clock });
    const seen: TrafficReceiverState[] = [];
    r.subscribe((s) => seen.push(s));
    r.message({ type: 'heartbeat' });
    clock.t += 2_000;
    r.message({ type: 'heartbeat' });
    r.tick();
    expect(seen.map((s) => s.heartbeat.status)).toEqual([true]);
    clock.t += 10_000;
    r.tick();
    r.tick();
    expect(seen.map((s) => s.heartbeat.status)).toEqual([true, false]);
  });
});
