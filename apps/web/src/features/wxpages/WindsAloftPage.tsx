export function WindsAloftPage() {
  return <div data-testid="page-wx_winds_aloft" />;
}
