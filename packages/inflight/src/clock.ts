/** The time source the in-flight classes read: epoch milliseconds. Tests pass a fake one. */
export interface Clock {
  now(): number;
}
