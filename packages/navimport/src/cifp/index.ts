export { readCifp, CIFP_RECORD_LENGTH } from './readCifp.js';
export type { CifpData, CifpLeg, CifpProcedure, CifpStats, CifpTransition, ReadCifpOptions } from './types.js';
