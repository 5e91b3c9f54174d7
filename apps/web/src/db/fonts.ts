import { Dexie, type Table } from 'dexie';

/**
 * Local database 'fonts' (spec part 1 §3): the map's glyph files unpacked from the fonts archive
 * (spec part 1 §7 "fonts_1.tar.gz"). Schema only; the map issue fills it.
 */
export interface FontTileRow {
  /** Path of the entry inside the archive, e.g. 'Open Sans Regular/0-255.pbf'. */
  name: string;
  data: ArrayBuffer;
}

export const FONTS_SCHEMA_V1 = { tiles: 'name' } as const;

export class FontsDb extends Dexie {
  tiles!: Table<FontTileRow, string>;

  constructor(name = 'fonts') {
    super(name);
    this.version(1).stores(FONTS_SCHEMA_V1);
  }
}
