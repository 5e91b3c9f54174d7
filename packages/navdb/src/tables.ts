import { NumberColumn } from './columns.js';
import { NavDbFormatError } from './errors.js';
import type { Container, SectionArray } from './container.js';
import type { NavDbHeader } from './model.js';
import { StringTable } from './strings.js';

/**
 * Typed views of every section of an open artifact, by record kind. Building this is the whole
 * cold-load cost besides decoding the string table: no per-record work.
 */
export class Tables {
  readonly header: NavDbHeader;
  readonly strings: StringTable;
  readonly apt;
  readonly rwy;
  readonly rwyEnd;
  readonly freq;
  /**
   * Airport remarks (FAA NASR APT_RMK), added after format version 1 as optional sections: null in
   * an artifact written before them, which still opens and has no remarks.
   */
  readonly rmk: { start: Uint32Array; text: Int32Array } | null;
  readonly nav;
  readonly fix;
  readonly awy;
  readonly awyPt;
  readonly proc;
  readonly procIdx;
  readonly ident;
  readonly word;
  readonly grid;

  constructor(private readonly container: Container) {
    this.header = container.header;
    this.strings = new StringTable(this.u8('strings.utf8'), this.u32('strings.offsets'));
    this.apt = {
      id: this.i32('apt.id'),
      faaId: this.i32('apt.faaId'),
      icaoId: this.i32('apt.icaoId'),
      name: this.i32('apt.name'),
      city: this.i32('apt.city'),
      state: this.i32('apt.state'),
      country: this.i32('apt.country'),
      fuelTypes: this.i32('apt.fuelTypes'),
      lat: this.i32('apt.lat'),
      lon: this.i32('apt.lon'),
      elevationFt: this.num('apt.elevationFt'),
      longestRunwayFt: this.num('apt.longestRunwayFt'),
      magVarDeg: this.num('apt.magVarDeg'),
      type: this.u8('apt.type'),
      surface: this.u8('apt.surface'),
      publicUse: this.u8('apt.publicUse'),
      towered: this.u8('apt.towered'),
      fuel: this.u8('apt.fuel'),
      rwyStart: this.u32('apt.rwyStart'),
      freqStart: this.u32('apt.freqStart'),
      ...this.source('apt'),
    };
    const rmkStart = this.optional('apt.rmkStart', Uint32Array);
    const rmkText = this.optional('rmk.text', Int32Array);
    this.rmk = rmkStart !== null && rmkText !== null ? { start: rmkStart, text: rmkText } : null;
    this.rwy = {
      id: this.i32('rwy.id'),
      surface: this.i32('rwy.surface'),
      lighting: this.i32('rwy.lighting'),
      lengthFt: this.num('rwy.lengthFt'),
      widthFt: this.num('rwy.widthFt'),
      surfaceClass: this.u8('rwy.surfaceClass'),
      lighted: this.u8('rwy.lighted'),
      endStart: this.u32('rwy.endStart'),
    };
    this.rwyEnd = {
      id: this.i32('rwyEnd.id'),
      lat: this.i32('rwyEnd.lat'),
      lon: this.i32('rwyEnd.lon'),
      trueHeadingDeg: this.num('rwyEnd.trueHeadingDeg'),
      elevationFt: this.num('rwyEnd.elevationFt'),
      displacedThresholdFt: this.num('rwyEnd.displacedThresholdFt'),
    };
    this.freq = {
      type: this.i32('freq.type'),
      khz: this.num('freq.khz'),
      description: this.i32('freq.description'),
    };
    this.nav = {
      id: this.i32('nav.id'),
      name: this.i32('nav.name'),
      channel: this.i32('nav.channel'),
      region: this.i32('nav.region'),
      state: this.i32('nav.state'),
      country: this.i32('nav.country'),
      type: this.u8('nav.type'),
      lat: this.i32('nav.lat'),
      lon: this.i32('nav.lon'),
      elevationFt: this.num('nav.elevationFt'),
      frequencyKhz: this.num('nav.frequencyKhz'),
      slavedVarDeg: this.num('nav.slavedVarDeg'),
      ...this.source('nav'),
    };
    this.fix = {
      id: this.i32('fix.id'),
      region: this.i32('fix.region'),
      state: this.i32('fix.state'),
      country: this.i32('fix.country'),
      use: this.i32('fix.use'),
      airportId: this.i32('fix.airportId'),
      lat: this.i32('fix.lat'),
      lon: this.i32('fix.lon'),
      ...this.source('fix'),
    };
    this.awy = {
      id: this.i32('awy.id'),
      kind: this.u8('awy.kind'),
      pointStart: this.u32('awy.pointStart'),
      ...this.source('awy'),
    };
    this.awyPt = {
      ident: this.i32('awyPt.ident'),
      kind: this.u8('awyPt.kind'),
      lat: this.i32('awyPt.lat'),
      lon: this.i32('awyPt.lon'),
      meaFt: this.num('awyPt.meaFt'),
      gapAfter: this.u8('awyPt.gapAfter'),
    };
    this.proc = { json: this.i32('proc.json'), kind: this.u8('proc.kind') };
    this.procIdx = { keys: this.i32('procIdx.keys'), start: this.u32('procIdx.start'), items: this.u32('procIdx.items') };
    this.ident = { keys: this.i32('ident.keys'), entries: this.u32('ident.entries'), groups: this.u32('ident.groups') };
    this.word = { text: this.i32('word.text'), at: this.u32('word.at'), airport: this.u32('word.airport') };
    this.grid = {
      airport: { cells: this.u32('grid.apt.cells'), items: this.u32('grid.apt.items') },
      navaid: { cells: this.u32('grid.nav.cells'), items: this.u32('grid.nav.items') },
      fix: { cells: this.u32('grid.fix.cells'), items: this.u32('grid.fix.items') },
    };
  }

  get airportCount(): number {
    return this.apt.id.length;
  }

  private section(name: string): { data: SectionArray; scale: number } {
    const found = this.container.sections.get(name);
    if (!found) throw new NavDbFormatError(`Nav database is missing section ${name}`);
    return { data: found.data, scale: found.entry.scale ?? 1 };
  }

  private typed<T extends SectionArray>(name: string, ctor: abstract new (...args: never[]) => T): T {
    const { data } = this.section(name);
    if (!(data instanceof ctor)) throw new NavDbFormatError(`Nav database section ${name} has the wrong type`);
    return data;
  }

  /** A section added after format version 1: null when the artifact predates it. */
  private optional<T extends SectionArray>(name: string, ctor: abstract new (...args: never[]) => T): T | null {
    return this.container.sections.has(name) ? this.typed(name, ctor) : null;
  }

  private u8(name: string): Uint8Array {
    return this.typed(name, Uint8Array);
  }

  private u32(name: string): Uint32Array {
    return this.typed(name, Uint32Array);
  }

  private i32(name: string): Int32Array {
    return this.typed(name, Int32Array);
  }

  private num(name: string): NumberColumn {
    const { data, scale } = this.section(name);
    if (data instanceof Int32Array) return new NumberColumn(data, null, scale);
    if (data instanceof Float64Array) return new NumberColumn(null, data, 1);
    throw new NavDbFormatError(`Nav database section ${name} has the wrong type`);
  }

  private source(prefix: string): { src: Uint8Array; srcFile: Int32Array; srcLine: Uint32Array } {
    return { src: this.u8(`${prefix}.src`), srcFile: this.i32(`${prefix}.srcFile`), srcLine: this.u32(`${prefix}.srcLine`) };
  }
}
