// Types of the magvar package (WMM2025, a dev dependency used only as the tests' oracle for the
// variation; the engine itself uses geo's geomagnetism). The package ships JavaScript only.
declare module 'magvar' {
  /** Declination, degrees east positive, rounded to 0.01°; altitude km above MSL; when a Date or decimal year. */
  export function magvar(latitudeDeg: number, longitudeDeg: number, altitudeKm?: number, when?: Date | number): number;
}
