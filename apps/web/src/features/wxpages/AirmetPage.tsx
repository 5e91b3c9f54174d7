export function AirmetPage() {
  return <div data-testid="page-wx_airmet" />;
}
