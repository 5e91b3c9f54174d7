// Types of skips.mjs for the TypeScript tests under scripts/.
export interface SkippedTest {
  file: string;
  name: string;
  tags: string[];
}
export const SKIPPABLE: readonly string[];
export function parseAllowSkip(value: string | undefined, ci: boolean): { names: Set<string>; error?: undefined } | { error: string; names?: undefined };
export function skippedTests(report: unknown, root?: string): SkippedTest[];
export function judgeSkips(skipped: SkippedTest[], allowed: ReadonlySet<string>): { excused: number; refused: SkippedTest[] };
export function refusedSkipReport(refused: SkippedTest[]): string[];
