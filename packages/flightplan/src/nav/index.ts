export * from './nextWaypoint.js';
export * from './navLog.js';
