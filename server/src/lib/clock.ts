/**
 * The simulation clock: simulated time runs `speed` times faster than real time, so job progress and
 * collection toggles can be watched at demo pace or fast-forwarded. Tests use a manual clock.
 */
export interface Clock {
  now(): Date;
  readonly speed: number;
  setSpeed(speed: number): void;
  /** Jumps simulated time ahead (the simulator's "skip a day"); speed is unchanged. */
  advance(ms: number): void;
}

export function createSimulationClock(speed = 1, realNow: () => number = Date.now): Clock {
  let anchorReal = realNow();
  let anchorSim = anchorReal;
  let currentSpeed = speed;
  const now = () => new Date(anchorSim + (realNow() - anchorReal) * currentSpeed);
  return {
    now,
    get speed() {
      return currentSpeed;
    },
    setSpeed(next: number) {
      anchorSim = now().getTime();
      anchorReal = realNow();
      currentSpeed = next;
    },
    advance(ms: number) {
      anchorSim += ms;
    },
  };
}

/** Real time, never sped up. */
export function createWallClock(): Clock {
  return {
    now: () => new Date(),
    speed: 1,
    setSpeed() {
      throw new Error('The wall clock runs at real time.');
    },
    advance() {
      throw new Error('The wall clock runs at real time.');
    },
  };
}

export interface ManualClock extends Clock {
  set(date: Date): void;
}

export function createManualClock(start = new Date('2026-03-01T09:00:00Z')): ManualClock {
  let current = start.getTime();
  let speed = 1;
  return {
    now: () => new Date(current),
    get speed() {
      return speed;
    },
    setSpeed(next: number) {
      speed = next;
    },
    advance(ms: number) {
      current += ms;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };
}
