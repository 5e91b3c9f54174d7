/** What each writer puts in the file (the structure the target program expects) and how bad input is refused. */
import { describe, expect, it } from 'vitest';
import { detectFormat, readPlan, writePlan, MAX_PLAN_BYTES } from './detect.js';
import { formatWorldPosition, parseWorldPosition, readPln, writePln } from './pln.js';
import { readFpl, writeFpl } from './fpl.js';
import { readIcaoRoute, writeIcaoRoute } from './icao.js';
import { readGpx } from './gpx.js';
import type { FlightPlanFile } from './model.js';

const plan: FlightPlanFile = {
  departure: 'KEYW',
  destination: 'KMIA',
  cruiseAltitudeFt: 9500,
  procedures: { departureRunway: '27', star: 'SNDBR3', arrivalRunway: '26L' },
  points: [
    { ident: 'KEYW', kind: 'airport', lat: 24.556111, lon: -81.759556, altitudeFt: 3 },
    { ident: 'EYW', kind: 'vor', lat: 24.585878, lon: -81.800476, region: 'K7', altitudeFt: 9500 },
    { ident: 'RW27+3', kind: 'user', lat: 24.555647, lon: -81.807289 },
    { ident: 'CARNU', kind: 'fix', lat: 25.138369, lon: -81.325589, airway: 'V3', region: 'K7' },
    { ident: 'SNDBR', kind: 'fix', lat: 25.387436, lon: -80.860236, procedure: 'star', region: 'K7' },
    { ident: 'ROYGO', kind: 'fix', lat: 25.438817, lon: -80.813108, procedure: 'star', region: 'K7' },
    { ident: 'KMIA', kind: 'airport', lat: 25.795361, lon: -80.290117, altitudeFt: 9 },
  ],
};

describe('writers', () => {
  it('Garmin .fpl: the FlightPlan v1 namespace, no byte-order mark, LF, a waypoint table with each point once and a route', () => {
    const text = writeFpl({ ...plan, points: [...plan.points, plan.points[1]!] }, { created: '2026-01-02T03:04:05Z' });
    expect(text.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<flight-plan xmlns="http://www8.garmin.com/xmlschemas/FlightPlan/v1">\n  <created>2026-01-02T03:04:05Z</created>')).toBe(true);
    expect(text).not.toContain('\r');
    expect(text.match(/<waypoint>/g)).toHaveLength(7);
    expect(text.match(/<route-point>/g)).toHaveLength(8);
    expect(text).toContain('<identifier>RW273</identifier>\n      <type>USER WAYPOINT</type>\n      <country-code />');
    expect(text).toContain('<identifier>CARNU</identifier>\n      <type>INT</type>\n      <country-code>K7</country-code>\n      <lat>25.138369</lat>\n      <lon>-81.325589</lon>');
    expect(readFpl(text).points.map((p) => p.ident)).toEqual(['KEYW', 'EYW', 'RW273', 'CARNU', 'SNDBR', 'ROYGO', 'KMIA', 'EYW']);
  });

  it('.pln: a UTF-8 byte-order mark; FSX and MSFS 2020 with the AceXML header and their AppVersionMajor; MSFS 2024 without airport points', () => {
    const fsx = writePln(plan, { variant: 'fsx-pln' });
    const m20 = writePln(plan, { variant: 'msfs2020-pln' });
    const m24 = writePln(plan, { variant: 'msfs2024-pln' });
    for (const t of [fsx, m20, m24]) expect(t.charCodeAt(0)).toBe(0xfeff);
    expect(fsx).toContain('<SimBase.Document Type="AceXML" version="1,0">\n    <Descr>AceXML Document</Descr>');
    expect(fsx).toContain('<AppVersionMajor>10</AppVersionMajor>');
    expect(m20).toContain('<AppVersionMajor>11</AppVersionMajor>');
    expect(m24).toContain('<SimBase.Document>\n    <FlightPlan.FlightPlan>\n        <DepartureID>KEYW</DepartureID>');
    expect(m24).toContain('<AppVersionMajor>12</AppVersionMajor>');
    expect(m24.match(/<ATCWaypoint[ >]/g)).toHaveLength(5);
    expect(m24).toContain('<ArrivalDetails>\n            <RunwayNumberFP>26</RunwayNumberFP>\n            <RunwayDesignatorFP>LEFT</RunwayDesignatorFP>\n            <ArrivalFP>SNDBR3</ArrivalFP>');
    expect([fsx, m20, m24].map(detectFormat)).toEqual(['fsx-pln', 'msfs2020-pln', 'msfs2024-pln']);
    expect(m20).toContain('<ATCWaypoint id="CARNU">\n            <ATCWaypointType>Intersection</ATCWaypointType>\n            <WorldPosition>N25° 8\' 18.13",W81° 19\' 32.12",+000000.00</WorldPosition>\n            <ATCAirway>V3</ATCAirway>');
    const back = readPln(m20);
    expect(back.procedures).toEqual(plan.procedures);
    expect(back.points.filter((p) => p.procedure === 'star').map((p) => p.ident)).toEqual(['SNDBR', 'ROYGO']);
  });

  it('.pln positions: seconds to two decimals, carried into minutes, altitude signed with six integer digits', () => {
    expect(formatWorldPosition(24.5, -81.999999, 132.19)).toBe('N24° 30\' 0.00",W82° 0\' 0.00",+000132.19');
    expect(formatWorldPosition(-33.9461, 151.1772, -12)).toBe('S33° 56\' 45.96",E151° 10\' 37.92",-000012.00');
    expect(parseWorldPosition('S33° 56\' 45.96",E151° 10\' 37.92",-000012.00', 'msfs2020-pln', 'x')).toEqual({ lat: -(33 + 56 / 60 + 45.96 / 3600), lon: 151 + 10 / 60 + 37.92 / 3600, altitudeFt: -12 });
  });

  it('every XML format is recognised from what it writes, and so are .fms and a route string', () => {
    for (const f of ['xplane-fms', 'garmin-fpl', 'lnmpln', 'fgfp', 'gpx', 'icao-route'] as const) expect(detectFormat(writePlan(f, plan))).toBe(f);
  });

  it('ICAO route: SID/STAR names, airways, DCT, whole-minute lat/lon points; STAR points other than its first left to the STAR', () => {
    expect(writeIcaoRoute(plan)).toBe('KEYW DCT EYW DCT 2433N08148W V3 CARNU DCT SNDBR SNDBR3 KMIA');
    const back = readIcaoRoute('KEYW DCT EYW DCT 2433N08148W V3 CARNU DCT SNDBR SNDBR3 KMIA');
    expect(back.procedures).toEqual({ star: 'SNDBR3' });
    expect(back.points.map((p) => `${p.kind}:${p.ident}${p.airway ? `/${p.airway}` : ''}`)).toEqual(['airport:KEYW', 'fix:EYW', 'user:2433N08148W', 'fix:CARNU/V3', 'fix:SNDBR', 'airport:KMIA']);
    expect(back.points[2]!.lat).toBeCloseTo(24.55, 9);
    expect(readIcaoRoute('EGCC/N0450F350 DESI1R NAPEX M16 DOLAS L603 LAMSO ROMIN1A EDDF').procedures).toEqual({ sid: 'DESI1R', star: 'ROMIN1A' });
  });
});

describe('bad input', () => {
  it('broken XML: the line and column of the fault', () => {
    const broken = '<?xml version="1.0"?>\n<flight-plan xmlns="http://www8.garmin.com/xmlschemas/FlightPlan/v1">\n  <waypoint-table>\n  </route>\n</flight-plan>\n';
    expect(() => readPlan(broken)).toThrow(/^Garmin \.fpl line 4: broken XML at column \d+: .*waypoint-table/);
  });

  it('a wrong version: refused by name', () => {
    expect(() => readPlan('I\n1050 Version\nCYCLE 1802\n')).toThrow('X-Plane .fms line 2: unsupported version "1050 Version" (1100 and 3 are read)');
    expect(() => readPlan('<?xml version="1.0"?><PropertyList><version type="int">1</version></PropertyList>')).toThrow('FlightGear .fgfp: version 1 is not supported (2 is read)');
  });

  it('an unknown format says what is read and how the file starts', () => {
    expect(() => readPlan('{"route": "KSFO KOAK"}')).toThrow(/not a flight plan format Clearway reads .* it starts "\{"route": "KSFO KOAK"\}"/);
    expect(() => readPlan('<html><body/></html>')).toThrow(/it starts "<html><body\/><\/html>"/);
  });

  it('a huge file is refused before it is parsed', () => {
    const huge = 'I\n1100 Version\n' + ' '.repeat(MAX_PLAN_BYTES);
    expect(() => readPlan(huge)).toThrow(/the file is 5\.0 MB; plans over 5\.0 MB are refused/);
  });

  it('a Garmin route point missing from the waypoint table, a .pln point of unknown type', () => {
    const fpl = writeFpl(plan, { created: '2026-01-02T03:04:05Z' }).replace('<waypoint-identifier>EYW</waypoint-identifier>', '<waypoint-identifier>XYZ</waypoint-identifier>');
    expect(() => readPlan(fpl)).toThrow('Garmin .fpl: route point 2 (XYZ VOR) is not in the waypoint table');
    const pln = writePln(plan).replace('<ATCWaypointType>VOR</ATCWaypointType>', '<ATCWaypointType>Blimp</ATCWaypointType>');
    expect(() => readPlan(pln)).toThrow('MSFS 2020 .pln: ATCWaypoint 2 (EYW) has an unknown ATCWaypointType "Blimp"');
  });

  it('GPX: a track is thinned to the limit with its ends kept; a file with neither route nor track is refused', () => {
    const pts = Array.from({ length: 1001 }, (_, i) => `<trkpt lat="${(10 + i / 1000).toFixed(3)}" lon="20"><ele>100</ele></trkpt>`).join('');
    const track = readGpx(`<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${pts}</trkseg></trk></gpx>`, { maxTrackPoints: 11 });
    expect(track.points.map((p) => p.lat)).toEqual([10, 10.1, 10.2, 10.3, 10.4, 10.5, 10.6, 10.7, 10.8, 10.9, 11]);
    expect(track.points[0]!.altitudeFt).toBeCloseTo(328.084, 3);
    const named = readGpx('<gpx version="1.1"><rte><rtept lat="24.5" lon="-81.8"><name>EYW</name></rtept><rtept lat="24.6" lon="-81.7"><name>My farm</name></rtept></rte></gpx>');
    expect(named.points.map((p) => [p.kind, p.kindGuessed])).toEqual([['fix', true], ['user', undefined]]);
    expect(() => readPlan('<gpx version="1.1"><metadata/></gpx>')).toThrow('GPX: the file has neither a route (rte/rtept) nor a track (trk/trkseg/trkpt)');
  });
});
