import { describe, expect, it } from 'vitest';
import {
  decodeBeacon,
  decodeCmnd,
  decodeDref,
  decodeRrefAnswer,
  decodeRrefRequest,
  DREF_BYTES,
  encodeBeacon,
  encodeCmnd,
  encodeDref,
  encodeRrefAnswer,
  encodeRrefRequest,
  RREF_REQUEST_BYTES,
} from './codec.js';

describe('X-Plane UDP packet codecs', () => {
  it('writes an RREF request as X-Plane reads it: "RREF\\0", i32 frequency, i32 index, char[400] dataref', () => {
    const bytes = encodeRrefRequest(20, 7, 'sim/flightmodel/position/latitude');
    expect(bytes.length).toBe(RREF_REQUEST_BYTES);
    expect(bytes.subarray(0, 5)).toEqual(Buffer.from('RREF\0', 'latin1'));
    expect(bytes.readInt32LE(5)).toBe(20);
    expect(bytes.readInt32LE(9)).toBe(7);
    expect(bytes.subarray(13, 13 + 33).toString()).toBe('sim/flightmodel/position/latitude');
    expect(bytes[13 + 33]).toBe(0);
    expect(decodeRrefRequest(bytes)).toEqual({ ok: true, value: { frequency: 20, index: 7, dataref: 'sim/flightmodel/position/latitude' } });
  });

  it('reads RREF answers ("RREF," then i32 index, f32 value pairs) and refuses wrong sizes', () => {
    const bytes = Buffer.alloc(5 + 16);
    bytes.write('RREF,', 0, 'latin1');
    bytes.writeInt32LE(0, 5);
    bytes.writeFloatLE(37.5, 9);
    bytes.writeInt32LE(4, 13);
    bytes.writeFloatLE(-12.25, 17);
    expect(decodeRrefAnswer(bytes)).toEqual({ ok: true, value: [[0, 37.5], [4, -12.25]] });
    expect(encodeRrefAnswer([[0, 37.5], [4, -12.25]])).toEqual(bytes);
    expect(decodeRrefAnswer(bytes.subarray(0, 12))).toEqual({ ok: false, error: 'RREF answer of 12 bytes: 5 + 8 per value expected' });
    expect(decodeRrefAnswer(Buffer.from('DATA*xxxxxxxx'))).toMatchObject({ ok: false, error: 'not an RREF answer (kind "DATA")' });
  });

  it('writes DREF (509 bytes: f32 value, char[500] dataref) and CMND (zero-terminated command)', () => {
    const dref = encodeDref('sim/cockpit2/radios/actuators/com1_frequency_hz_833', 118_500);
    expect(dref.length).toBe(DREF_BYTES);
    expect(dref.subarray(0, 5).toString('latin1')).toBe('DREF\0');
    expect(dref.readFloatLE(5)).toBe(118_500);
    expect(decodeDref(dref)).toEqual({ ok: true, value: { dataref: 'sim/cockpit2/radios/actuators/com1_frequency_hz_833', value: 118_500 } });
    const cmnd = encodeCmnd('sim/autopilot/servos_toggle');
    expect(cmnd.toString('latin1')).toBe('CMND\0sim/autopilot/servos_toggle\0');
    expect(decodeCmnd(cmnd)).toEqual({ ok: true, value: 'sim/autopilot/servos_toggle' });
  });

  it('reads the BECN beacon (u8 major, u8 minor, i32 host, i32 version, u32 role, u16 port, name) and refuses short ones', () => {
    const bytes = Buffer.alloc(21 + 9 + 2);
    bytes.write('BECN\0', 0, 'latin1');
    bytes.writeUInt8(1, 5);
    bytes.writeUInt8(2, 6);
    bytes.writeInt32LE(1, 7);
    bytes.writeInt32LE(121100, 11);
    bytes.writeUInt32LE(1, 15);
    bytes.writeUInt16LE(49000, 19);
    bytes.write('SIM-PC-1\0', 21, 'latin1');
    const beacon = { major: 1, minor: 2, hostId: 1, version: 121100, role: 1, port: 49000, name: 'SIM-PC-1' };
    expect(decodeBeacon(bytes)).toEqual({ ok: true, value: beacon });
    expect(decodeBeacon(encodeBeacon(beacon))).toEqual({ ok: true, value: beacon });
    expect(decodeBeacon(bytes.subarray(0, 20))).toEqual({ ok: false, error: 'BECN packet of 20 bytes: at least 22 expected' });
  });
});
