import type { Airport, Airway, Fix, Navaid, Procedure, Runway, SourceId, SourceRef } from '@clearway/navdb';

/** What one source contributed, in the common model, before merging. */
export interface SourceData {
  id: SourceId;
  /** Edition as the source names it: an effective date `YYYY-MM-DD` or a cycle id. */
  edition: string | null;
  files: string[];
  airports: Airport[];
  navaids: Navaid[];
  fixes: Fix[];
  airways: Airway[];
  procedures: Procedure[];
  /** Runways whose airport record is missing from this source (NASR tables of different cycles). */
  orphanRunways?: { airportId: string; runway: Runway; source: SourceRef }[];
}

/** Source precedence when records overlap (ARCHITECTURE.md "Navigation data"), highest first. */
export const SOURCE_PRECEDENCE: readonly SourceId[] = ['faa-nasr', 'faa-cifp', 'xplane', 'ourairports'];

/** Sources ordered highest precedence first; within one source the newer edition first. */
export function byPrecedence(sources: readonly SourceData[]): SourceData[] {
  return [...sources].sort((a, b) => {
    const rank = SOURCE_PRECEDENCE.indexOf(a.id) - SOURCE_PRECEDENCE.indexOf(b.id);
    if (rank !== 0) return rank;
    return (b.edition ?? '').localeCompare(a.edition ?? '');
  });
}
