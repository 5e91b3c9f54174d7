// Types of ensure.mjs for the TypeScript tests under scripts/.
export const repoRoot: string;
export const INSTALL_COMMAND: readonly [string, readonly string[]];
export function run(command: string, args: readonly string[], options?: object): void;
export function checkNode(): void;
export function installReason(root?: string): string | undefined;
export function ensureDependencies(): void;
export function build(): void;
