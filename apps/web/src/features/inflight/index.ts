// Front door of features/inflight (issue 19: position sources, ownship and navigation, ADS-B traffic).
// The map mounts the controls in its host's layer and the drawing in each map view.
export { InflightControls } from './InflightControls';
export { directToSet, followSet, type InflightState } from './inflightSlice';
export { ADSB_NOT_INITIALIZED_MESSAGE, AdsbWorkerFacade } from './adsbFacade';
export { linkRoutingToReceiver, PORT_CREATION_TIMEOUT_MS, PORT_WAIT_MS, RECEIVER_NOT_LINKED_WARNING } from './receiverLink';
