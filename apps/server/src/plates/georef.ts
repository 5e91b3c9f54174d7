import type { PlateGeoref } from '@clearway/protocol';

/**
 * Reads the georeference of a plate from a GDAL virtual raster (`.vrt`) beside its PDF: the raster
 * size, and either its `<GeoTransform>` (six numbers) or its `<GCPList>` of ground control points
 * (`<GCP Pixel Line X Y>`, X = longitude, Y = latitude), fitted by least squares to the same affine
 * form. Only WGS 84 / NAD 83 geographic coordinates are accepted (a projected SRS is reported).
 * @throws Error saying what is missing or wrong in `name`.
 */
export function parseVrtGeoref(xml: string, name: string): PlateGeoref {
  const root = /<VRTDataset\b[^>]*>/.exec(xml);
  if (!root) throw new Error(`${name}: not a GDAL .vrt (no <VRTDataset>)`);
  const width = Number(/rasterXSize="(\d+)"/.exec(root[0])?.[1]);
  const height = Number(/rasterYSize="(\d+)"/.exec(root[0])?.[1]);
  if (!(width > 0 && height > 0)) throw new Error(`${name}: <VRTDataset> has no rasterXSize / rasterYSize`);
  const srs = /<SRS[^>]*>([\s\S]*?)<\/SRS>/.exec(xml)?.[1] ?? '';
  if (/PROJCS/.test(srs)) throw new Error(`${name}: a projected SRS is not supported (expected geographic WGS 84 coordinates)`);

  const geoTransform = /<GeoTransform>([^<]*)<\/GeoTransform>/.exec(xml);
  if (geoTransform) {
    const numbers = (geoTransform[1] ?? '').split(',').map((part) => Number(part.trim()));
    if (numbers.length !== 6 || numbers.some((value) => !Number.isFinite(value))) throw new Error(`${name}: <GeoTransform> must hold six numbers`);
    return { source: 'geotransform', transform: numbers as PlateGeoref['transform'], width, height };
  }

  const gcps = [...xml.matchAll(/<GCP\b([^>]*)\/?>/g)].map((match) => {
    const attr = (key: string) => Number(new RegExp(`\\b${key}="([^"]*)"`).exec(match[1] ?? '')?.[1]);
    return { pixel: attr('Pixel'), line: attr('Line'), x: attr('X'), y: attr('Y') };
  });
  if (gcps.length === 0) throw new Error(`${name}: neither a <GeoTransform> nor ground control points (<GCP>)`);
  if (gcps.some((gcp) => ![gcp.pixel, gcp.line, gcp.x, gcp.y].every(Number.isFinite))) throw new Error(`${name}: a <GCP> lacks Pixel, Line, X or Y`);
  if (gcps.length < 3) throw new Error(`${name}: ${gcps.length} ground control point(s); an affine fit needs 3`);
  const lon = fitAffine(gcps.map((gcp) => [gcp.pixel, gcp.line, gcp.x]), name);
  const lat = fitAffine(gcps.map((gcp) => [gcp.pixel, gcp.line, gcp.y]), name);
  return { source: 'gcps', transform: [lon[0], lon[1], lon[2], lat[0], lat[1], lat[2]], width, height };
}

/** Least-squares a, b, c of v = a + b·p + c·l over points [p, l, v] (normal equations, Cramer's rule). */
function fitAffine(points: readonly (readonly [number, number, number])[], name: string): [number, number, number] {
  let n = 0, sp = 0, sl = 0, spp = 0, sll = 0, spl = 0, sv = 0, spv = 0, slv = 0;
  for (const [p, l, v] of points) {
    n += 1; sp += p; sl += l; spp += p * p; sll += l * l; spl += p * l; sv += v; spv += p * v; slv += l * v;
  }
  const m = [[n, sp, sl], [sp, spp, spl], [sl, spl, sll]];
  const rhs = [sv, spv, slv];
  const det3 = (a: number[][]) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) - a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) + a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const det = det3(m);
  if (Math.abs(det) < 1e-9) throw new Error(`${name}: the ground control points are in a line; no affine fit`);
  const solve = (column: number) => det3(m.map((row, i) => row.map((value, j) => (j === column ? rhs[i]! : value)))) / det;
  return [solve(0), solve(1), solve(2)];
}
