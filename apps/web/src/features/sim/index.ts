// Front door of features/sim (issue 20: the simulator link). The Sim PFD page itself is loaded on
// demand by the shell's routes; others get the store and the simulator position source.
export { getSimState, holdSimLink, subscribeSim, type SimState } from './simStore';
export { feedSimulatorPosition, fixFromFlightData, type SimulatorFusionLike } from './simPosition';
