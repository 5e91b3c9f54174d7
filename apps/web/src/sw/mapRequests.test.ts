import { beforeEach, describe, expect, it } from 'vitest';
import { MAP_REQUESTS_KEPT, noteMapRequest, takeMapRequests } from './mapRequests';

const origin = 'http://127.0.0.1:8080';

describe('map requests made before the service worker controls the page', () => {
  beforeEach(() => {
    takeMapRequests();
  });

  it('keeps the ones a runtime cache would hold, once each, and hands them over once', () => {
    noteMapRequest(`${origin}/tiles/basemap/3/1/2.pbf`, false);
    noteMapRequest(`${origin}/tiles/basemap/3/1/2.pbf`, false);
    noteMapRequest(`${origin}/fonts/DejaVu%20Sans%20Book/0-255.pbf`, false);
    noteMapRequest(`${origin}/downloads/dev/navdata/us.airports.geojson`, false);
    // Not cached by the worker: not noted.
    noteMapRequest(`${origin}/downloads/dev/navdata/us.cwnav`, false);
    noteMapRequest('https://example.com/style.json', false);
    expect(takeMapRequests()).toEqual([
      `${origin}/tiles/basemap/3/1/2.pbf`,
      `${origin}/fonts/DejaVu%20Sans%20Book/0-255.pbf`,
      `${origin}/downloads/dev/navdata/us.airports.geojson`,
    ]);
    expect(takeMapRequests()).toEqual([]);
  });

  it('notes nothing once a worker controls the page, and at most MAP_REQUESTS_KEPT', () => {
    noteMapRequest(`${origin}/tiles/basemap/4/3/6.pbf`, true);
    expect(takeMapRequests()).toEqual([]);
    for (let x = 0; x < MAP_REQUESTS_KEPT + 50; x++) noteMapRequest(`${origin}/tiles/basemap/10/${x}/300.pbf`, false);
    expect(takeMapRequests()).toHaveLength(MAP_REQUESTS_KEPT);
  });
});
