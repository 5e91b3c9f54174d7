/**
 * Diagnostics shared by every importer (STYLE.md 5): readers collect what was wrong with the data,
 * with the file and line, and never throw for a data problem.
 */

export type IssueSeverity = 'error' | 'warning';

export interface ImportIssue {
  /** File name as the source names it, e.g. `APT_BASE.csv` or `nav.dat.gz`. */
  file: string;
  /** 1-based line number; 0 when the issue concerns the file as a whole (missing, unreadable). */
  line: number;
  severity: IssueSeverity;
  message: string;
}

/** Collects import issues; never throws. Shared by all readers of one import run. */
export class IssueCollector {
  private readonly list: ImportIssue[] = [];
  private errorCount = 0;
  private warningCount = 0;

  add(issue: ImportIssue): void {
    this.list.push(issue);
    if (issue.severity === 'error') this.errorCount++;
    else this.warningCount++;
  }

  error(file: string, line: number, message: string): void {
    this.add({ file, line, severity: 'error', message });
  }

  warning(file: string, line: number, message: string): void {
    this.add({ file, line, severity: 'warning', message });
  }

  /** Every issue in the order reported. */
  get issues(): readonly ImportIssue[] {
    return this.list;
  }

  counts(): { errors: number; warnings: number; total: number } {
    return { errors: this.errorCount, warnings: this.warningCount, total: this.list.length };
  }

  /** Issues per file, for a build report. */
  countsByFile(): Map<string, { errors: number; warnings: number }> {
    const byFile = new Map<string, { errors: number; warnings: number }>();
    for (const issue of this.list) {
      let c = byFile.get(issue.file);
      if (!c) byFile.set(issue.file, (c = { errors: 0, warnings: 0 }));
      if (issue.severity === 'error') c.errors++;
      else c.warnings++;
    }
    return byFile;
  }
}

/** `file:line: severity: message`, the way compilers print it. */
export function formatIssue(issue: ImportIssue): string {
  return `${issue.file}:${issue.line}: ${issue.severity}: ${issue.message}`;
}
