export function PirepsPage() {
  return <div data-testid="page-wx_pireps" />;
}
