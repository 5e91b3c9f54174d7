import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platesConfigOf } from '../config/index.js';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { parseSupplementIndex, supplementRoutes, type SupplementAnswer } from './index.js';

/**
 * A one-page PDF with a line of text, made here (no real d-CS is in ../shared): objects, an xref
 * table with the byte offset of each, and the trailer, as PDF 1.4 writes them.
 */
function onePagePdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The d-CS index in the layout of the FAA's d-CS download (afd_{date}.xml), written here. */
const INDEX = `<?xml version="1.0" encoding="UTF-8"?>
<airports>
  <location state="CALIFORNIA">
    <airport>
      <aptname>SAN FRANCISCO INTL</aptname>
      <aptcity>SAN FRANCISCO</aptcity>
      <aptid>SFO</aptid>
      <navidname></navidname>
      <pages>
        <pdf>sw_241_27NOV2025.pdf</pdf>
        <pdf>sw_242_27NOV2025.pdf</pdf>
      </pages>
    </airport>
    <airport>
      <aptname>HAYWARD EXECUTIVE</aptname>
      <aptcity>HAYWARD</aptcity>
      <aptid>HWD</aptid>
      <navidname></navidname>
      <pages>
        <pdf>sw_999_27NOV2025.pdf</pdf>
      </pages>
    </airport>
  </location>
</airports>
`;

describe('FAA chart supplement (d-CS) from a folder', () => {
  let dir: string;
  let app: FastifyInstance;
  const page1 = onePagePdf('SAN FRANCISCO INTL (SFO)(KSFO)');
  const page2 = onePagePdf('SFO CONTINUED');

  beforeAll(async () => {
    dir = await makeTempDir('clearway-dcs-');
    await mkdir(join(dir, 'dcs'));
    await writeFile(join(dir, 'dcs', 'afd_27NOV2025.xml'), INDEX);
    await writeFile(join(dir, 'dcs', 'sw_241_27NOV2025.pdf'), page1);
    await writeFile(join(dir, 'dcs', 'sw_242_27NOV2025.pdf'), page2);
    // sw_999 (HWD) is named by the index but not in the folder.
    app = Fastify();
    await app.register(supplementRoutes, { dir: join(dir, 'dcs') });
  });

  afterAll(async () => {
    await app?.close();
    await removeTempDir(dir);
  });

  it('lists an airport pages by FAA or ICAO ident, in the index order, and serves each PDF with Range', async () => {
    for (const ident of ['SFO', 'ksfo']) {
      const response = await app.inject({ method: 'GET', url: `/supplement/airports/${ident}` });
      expect(response.statusCode).toBe(200);
      expect(response.json<SupplementAnswer>()).toEqual({
        airport: 'SFO', name: 'SAN FRANCISCO INTL', city: 'SAN FRANCISCO', state: 'CALIFORNIA',
        pages: [{ pdf: 'sw_241_27NOV2025.pdf', url: '/supplement/files/sw_241_27NOV2025.pdf' }, { pdf: 'sw_242_27NOV2025.pdf', url: '/supplement/files/sw_242_27NOV2025.pdf' }],
      });
    }
    const file = await app.inject({ method: 'GET', url: '/supplement/files/sw_241_27NOV2025.pdf' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(page1)).toBe(true);
    const tail = await app.inject({ method: 'GET', url: '/supplement/files/sw_242_27NOV2025.pdf', headers: { range: 'bytes=100-' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(page2.subarray(100))).toBe(true);
  });

  it('says plainly what is missing: an airport whose pages are not in the folder, an unknown one, an unknown file', async () => {
    const hwd = await app.inject({ method: 'GET', url: '/supplement/airports/KHWD' });
    expect(hwd.statusCode).toBe(404);
    expect(hwd.json()).toEqual({ error: 'No chart supplement page of KHWD in the d-CS', airport: 'KHWD' });
    expect((await app.inject({ method: 'GET', url: '/supplement/airports/KXYZ' })).statusCode).toBe(404);
    const file = await app.inject({ method: 'GET', url: '/supplement/files/sw_999_27NOV2025.pdf' });
    expect(file.statusCode).toBe(404);
    expect(file.json()).toEqual({ error: 'No chart supplement file sw_999_27NOV2025.pdf', file: 'sw_999_27NOV2025.pdf' });
  });

  it('without SUPPLEMENT_SOURCE answers 404 saying so; a broken index is reported with what is wrong', async () => {
    const off = Fastify();
    await off.register(supplementRoutes, { dir: null });
    try {
      expect((await off.inject({ method: 'GET', url: '/supplement/airports/KSFO' })).json()).toEqual({ error: 'No FAA chart supplement on this server (SUPPLEMENT_SOURCE is not set)', airport: 'KSFO' });
    } finally {
      await off.close();
    }
    expect(() => parseSupplementIndex(INDEX.slice(0, 300))).toThrow('d-CS index: ends before </airports> (truncated download?)');
    expect(() => parseSupplementIndex(INDEX.replace('<aptid>SFO</aptid>', '<aptid>S F O</aptid>'))).toThrow('d-CS index: an airport of CALIFORNIA has aptid "S F O" (2 to 5 letters or digits)');
    expect(() => parseSupplementIndex(INDEX.replace('sw_241_27NOV2025.pdf', '../etc/passwd'))).toThrow('d-CS index: airport SFO names "../etc/passwd", not a PDF file name');
  });

  it('reads SUPPLEMENT_SOURCE from the environment (off by default, faa refused)', () => {
    expect(platesConfigOf({}, '/repo').supplementDir).toBeUndefined();
    expect(platesConfigOf({ SUPPLEMENT_SOURCE: 'data/dcs' }, '/repo').supplementDir).toBe('/repo/data/dcs');
    expect(() => platesConfigOf({ SUPPLEMENT_SOURCE: 'faa' }, '/repo')).toThrow('SUPPLEMENT_SOURCE must be off or a folder in the FAA d-CS layout (got "faa": the d-CS is not downloaded by the server)');
  });
});
