import { PLATE_GROUPS, type PlateChart, type PlateGroupId } from '@clearway/protocol';

export interface ChartGroup {
  id: PlateGroupId;
  label: string;
  charts: PlateChart[];
}

/** The charts grouped as the FAA groups them (airport diagram, approaches, departures, arrivals, minimums, hot spots); empty groups left out. */
export function groupCharts(charts: readonly PlateChart[]): ChartGroup[] {
  return PLATE_GROUPS.map((group) => ({ id: group.id, label: group.label, charts: charts.filter((chart) => chart.group === group.id) })).filter((group) => group.charts.length > 0);
}

const normalize = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();

/** The chart of a procedure chosen in the route screen: by procedure id (nfd), else by name. */
export function findProcedureChart(charts: readonly PlateChart[], procedure: string): PlateChart | undefined {
  const wanted = normalize(procedure);
  if (wanted === '') return undefined;
  return charts.find((chart) => normalize(chart.procedureId) === wanted) ?? charts.find((chart) => normalize(chart.chartName) === wanted);
}

/** The page address of a plate screen: an airport, and optionally a procedure to open. */
export function plateViewSearch(airport: string, procedure?: string): string {
  const params = new URLSearchParams({ airport: airport.trim().toUpperCase() });
  if (procedure) params.set('proc', procedure);
  return `?${params.toString()}`;
}
