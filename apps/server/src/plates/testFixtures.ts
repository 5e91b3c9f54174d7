import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The shared data folder beside the repository (../shared/data/plates). */
export const SHARED_PLATES = join(import.meta.dirname, '../../../../../shared/data/plates');
/** The real d-TPP excerpt: header and every KSBP record of cycle 2002, with the one PDF it ships (00989R11.PDF). */
export const SHARED_KSBP_DTPP = join(SHARED_PLATES, 'dtpp-2002-KSBP');
/** Real FAA KSFO plates (2014) and two .vrt georeferences; no metafile of their own. */
export const SHARED_KSFO_PLATES = join(SHARED_PLATES, 'georeferenceplates-2014-SFO');

/** The KSFO plates of the shared folder, as d-TPP records (chart code, name, user action) for a test cycle. */
const KSFO_RECORDS: ReadonlyArray<readonly [seq: string, code: string, name: string, action: string, pdf: string, procedure: string]> = [
  ['10700', 'HOT', 'HOT SPOT', '', 'CA-SFO-HOT-SPOT.pdf', ''],
  ['50750', 'IAP', 'ILS OR LOC RWY 28L', 'C', 'CA-SFO-ILS-OR-LOC-RWY-28L.pdf', 'I28L'],
  ['50900', 'IAP', 'RNAV (GPS) RWY 28L', '', 'CA-SFO-RNAV-GPS-RWY-28L.pdf', 'R28L'],
  ['51000', 'IAP', 'VOR RWY 19L', 'A', 'CA-SFO-VOR-RWY-19L.pdf', 'V19L'],
  ['70000', 'APD', 'AIRPORT DIAGRAM', '', 'CA-SFO-AIRPORT-DIAGRAM.pdf', ''],
  ['90100', 'DP', 'GAP FIVE', '', 'CA-SFO-GAP-FIVE.pdf', 'GAP5.GAP'],
];

/**
 * Writes a folder in the d-TPP layout for KSFO: `xml_data/d-tpp_Metafile.xml` (written here in the
 * FAA's format, since the shared KSFO plates come without one; cycle `cycle`, effective 28 days from
 * `from`) and the shared KSFO PDFs and .vrt files beside it.
 */
export async function writeKsfoDtpp(dir: string, cycle = '1413', from = '12/11/14'): Promise<void> {
  await mkdir(join(dir, 'xml_data'), { recursive: true });
  const [mm, dd, yy] = from.split('/').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(2000 + yy, mm - 1, dd + 28));
  const to = `${String(end.getUTCMonth() + 1).padStart(2, '0')}/${String(end.getUTCDate()).padStart(2, '0')}/${String(end.getUTCFullYear() % 100).padStart(2, '0')}`;
  const records = KSFO_RECORDS.map(([seq, code, name, action, pdf, procedure]) => `                <record>
                    <chartseq>${seq}</chartseq>
                    <chart_code>${code}</chart_code>
                    <chart_name>${name}</chart_name>
                    <useraction>${action}</useraction>
                    <pdf_name>${pdf}</pdf_name>
                    <faanfd18>${procedure}</faanfd18>
                    <amdtnum></amdtnum>
                    <amdtdate></amdtdate>
                </record>`).join('\n');
  await writeFile(join(dir, 'xml_data', 'd-tpp_Metafile.xml'), `<?xml version="1.0" encoding="UTF-8"?>
<digital_tpp cycle="${cycle}" from_edate="0901Z  ${from}" to_edate="0901Z  ${to}">
    <state_code ID="CA" state_fullname="California">
        <city_name ID="SAN FRANCISCO" volume="SW-2">
            <airport_name ID="SAN FRANCISCO INTL" military="N" apt_ident="SFO" icao_ident="KSFO" alnum="375">
${records}
            </airport_name>
        </city_name>
    </state_code>
</digital_tpp>
`);
  for (const name of await readdir(SHARED_KSFO_PLATES)) await copyFile(join(SHARED_KSFO_PLATES, name), join(dir, name));
}
