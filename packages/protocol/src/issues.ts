import type { z } from 'zod';

/** One problem found in a payload: where (a dotted path) and what. */
export interface PayloadIssue {
  path: string;
  message: string;
}

/** Turns a zod error into issues that name the path of each bad value, e.g. `location.lat`. */
export function describeIssues(error: z.ZodError): PayloadIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)',
    message: issue.message,
  }));
}
