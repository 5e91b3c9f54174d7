/**
 * Test kit of the edit-mode component tests: the real flight-plan engine (routing handlers on the
 * fixture nav data set plus a STAR and an approach at HWD shaped like the KHWD CIFP ones), a store,
 * and a host that renders the legs with their controls and the panel like the route page does.
 */
import { useState } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { DEFAULT_PROFILE, type Route } from '@clearway/flightplan';
import type { NavDataSet, Procedure, ProcedureLeg } from '@clearway/navdb';
import { createNaiveNavDb } from '@clearway/navdb/testing';
import { ServicesContext, type AppServices } from '../../platform/services';
import { makeStore, type AppStore } from '../../store';
import { testPrefs } from '../renderApp';
import { tinyNavDataSet } from '../navFixture';
import { createDirectRoutingEndpoint } from '../../worker/directEndpoint';
import type { RouteEdit } from '../../worker/engineMessages';
import type { RoutingWorkerFacade } from '../../worker/facade';
import { createRoutingHandlers } from '../../worker/handlers';
import { profileLoaded } from '../../features/profile';
import { EditPanel } from '../../features/route/edit/EditPanel';
import { NO_EDIT, type EditState } from '../../features/route/edit/editState';
import { LegEditControls } from '../../features/route/edit/LegEditControls';

export const NOW = Date.parse('2026-11-21T18:00:00Z');

function leg(fixId: string, latDeg: number, lonDeg: number, pathTerminator: string, extra: Partial<ProcedureLeg> = {}): ProcedureLeg {
  return {
    fixId,
    fixKind: 'fix',
    latDeg,
    lonDeg,
    pathTerminator,
    turnDirection: null,
    altitudeDescription: null,
    altitude1Ft: null,
    altitude2Ft: null,
    speedLimitKt: null,
    speedDescription: null,
    courseDeg: null,
    distanceNm: null,
    recommendedNavaid: null,
    descriptionCode: null,
    ...extra,
  };
}

const source = { source: 'faa-cifp' as const, file: 'FAACIFP18', line: 20 };

/** STAR SHARR1: two enroute transitions and a common route (no runway transition). */
const SHARR1: Procedure = {
  airportId: 'HWD',
  kind: 'STAR',
  id: 'SHARR1',
  transitions: [
    { id: 'MRLET', routeType: '4', legs: [leg('MRLET', 37.2, -121.5, 'IF'), leg('SHARR', 37.5, -121.95, 'TF')] },
    { id: 'RUSME', routeType: '4', legs: [leg('RUSME', 37.3, -121.6, 'IF'), leg('SHARR', 37.5, -121.95, 'TF')] },
    { id: 'ALL', routeType: '5', legs: [leg('SHARR', 37.5, -121.95, 'IF'), leg('CATTY', 37.62, -122.05, 'TF', { altitudeDescription: '+', altitude1Ft: 3000 })] },
  ],
  source,
};

/** STAR PXN6: one enroute transition, so the cascade selects everything itself. */
const PXN6: Procedure = {
  airportId: 'HWD',
  kind: 'STAR',
  id: 'PXN6',
  transitions: [
    { id: 'AVE', routeType: '1', legs: [leg('AVE', 35.6, -119.9, 'IF'), leg('PXN', 36.9, -121.0, 'TF')] },
    { id: 'ALL', routeType: '2', legs: [leg('PXN', 36.9, -121.0, 'IF'), leg('SUNOL', 37.6, -121.9, 'TF')] },
  ],
  source,
};

/** RNAV (GPS) RWY 28L: a SUNOL transition and the final from JOBUS (FAF SUDGE). */
const R28L: Procedure = {
  airportId: 'HWD',
  kind: 'APPROACH',
  id: 'R28L',
  transitions: [
    { id: 'SUNOL', routeType: 'A', legs: [leg('SUNOL', 37.6, -121.9, 'IF'), leg('JOBUS', 37.58, -121.95, 'TF', { altitudeDescription: '@', altitude1Ft: 3500 })] },
    {
      id: '',
      routeType: 'R',
      legs: [
        leg('JOBUS', 37.58, -121.95, 'IF', { descriptionCode: 'E  I' }),
        leg('SUDGE', 37.61, -122.0, 'TF', { descriptionCode: 'E  F', altitudeDescription: '@', altitude1Ft: 2000 }),
        leg('RW28L', 37.65, -122.11, 'TF', { descriptionCode: 'GY M' }),
      ],
    },
  ],
  source,
};

/** The fixture nav data with the STARs and the approach added. */
export function editNavDataSet(): NavDataSet {
  const data = tinyNavDataSet();
  return { ...data, procedures: [...data.procedures, SHARR1, PXN6, R28L] };
}

/** The real engine behind the message map on the fixture data (no encoding: jsdom's realm). */
export async function fixtureRouting(): Promise<RoutingWorkerFacade> {
  const db = createNaiveNavDb(editNavDataSet());
  const endpoint = createDirectRoutingEndpoint({ handlers: createRoutingHandlers({ open: () => db, clock: () => NOW }) });
  await endpoint.ready;
  await endpoint.call('loadDatabase', { bytes: new ArrayBuffer(8) });
  return { call: endpoint.call } as unknown as RoutingWorkerFacade;
}

/** A parsed and flown route. */
export async function flownRoute(routing: RoutingWorkerFacade, text: string): Promise<Route> {
  const profile = { ...DEFAULT_PROFILE };
  const parsed = await routing.call('parseRoute', { text, profile });
  return routing.call('runFlightPlan', { route: parsed, profile });
}

interface HostProps {
  routing: RoutingWorkerFacade;
  initial: Route;
  edits: RouteEdit[];
  /** Initial edit state. */
  editState?: EditState;
}

/** What the route page does: legs with controls, the panel, edits through the engine, local routes shown. */
function Host({ routing, initial, edits, editState: startState = NO_EDIT }: HostProps) {
  const [route, setRoute] = useState(initial);
  const [local, setLocal] = useState<Route | null>(null);
  const [editState, setEditState] = useState<EditState>(startState);
  const shown = local ?? route;
  const onEdit = async (edit: RouteEdit) => {
    edits.push(edit);
    const profile = { ...DEFAULT_PROFILE };
    const edited = await routing.call('editRoute', { route, edit, profile });
    const flown = await routing.call('runFlightPlan', { route: edited, profile });
    setRoute(flown);
    setLocal(null);
    setEditState(NO_EDIT);
  };
  return (
    <div>
      <output data-testid="final-string">{shown.final_string}</output>
      <ol>
        {shown.legs.map((l, i) => (
          <li key={`${i}:${l.end.code}`} data-testid="row">
            <span data-testid="wpt">{`${l.end.directTo ? '*' : ''}${l.end.code}`}</span>
            <LegEditControls route={shown} leg={l} legIndex={i} editState={editState} onEditStateChange={setEditState} onEdit={onEdit} onLocalRoute={setLocal} />
          </li>
        ))}
      </ol>
      <EditPanel route={shown} editState={editState} onEditStateChange={setEditState} onEdit={onEdit} />
    </div>
  );
}

export interface Rendered {
  store: AppStore;
  edits: RouteEdit[];
}

/** Renders the host with the store (profile loaded) and the services. */
export function renderHost(routing: RoutingWorkerFacade, initial: Route, editState?: EditState): Rendered {
  const prefs = testPrefs();
  const store = makeStore({ prefs });
  store.dispatch(profileLoaded({ ...DEFAULT_PROFILE }));
  const services: AppServices = { prefs, applyUpdate: () => undefined, appVersion: 't', routing };
  const edits: RouteEdit[] = [];
  render(
    <Provider store={store}>
      {/* The route page lives under the app's router (the approach picker links to its chart). */}
      <MemoryRouter>
        <ServicesContext.Provider value={services}>
          <Host routing={routing} initial={initial} edits={edits} editState={editState} />
        </ServicesContext.Provider>
      </MemoryRouter>
    </Provider>,
  );
  return { store, edits };
}

/** Renders only the panel with a fake onEdit that records the edits. */
export function renderPanel(routing: RoutingWorkerFacade, route: Route, editState: EditState) {
  const prefs = testPrefs();
  const store = makeStore({ prefs });
  store.dispatch(profileLoaded({ ...DEFAULT_PROFILE }));
  const services: AppServices = { prefs, applyUpdate: () => undefined, appVersion: 't', routing };
  const edits: RouteEdit[] = [];
  const states: EditState[] = [];
  const onEdit = async (edit: RouteEdit) => {
    edits.push(edit);
  };
  render(
    <Provider store={store}>
      {/* The route page lives under the app's router (the approach picker links to its chart). */}
      <MemoryRouter>
        <ServicesContext.Provider value={services}>
          <EditPanel route={route} editState={editState} onEditStateChange={(s) => states.push(s)} onEdit={onEdit} />
        </ServicesContext.Provider>
      </MemoryRouter>
    </Provider>,
  );
  return { store, edits, states };
}
