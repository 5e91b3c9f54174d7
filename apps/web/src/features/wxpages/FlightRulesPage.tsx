export function FlightRulesPage() {
  return <div data-testid="page-wx_flightrules" />;
}
