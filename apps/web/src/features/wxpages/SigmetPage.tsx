export function SigmetPage() {
  return <div data-testid="page-wx_sigmet" />;
}
