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

/** The speeds the contract allows (`SimulationClockUpdate.speed`). */
export const minSpeed = 0.1;
export const maxSpeed = 1000;

export const isValidSpeed = (speed: unknown): speed is number =>
  typeof speed === 'number' && Number.isFinite(speed) && speed >= minSpeed && speed <= maxSpeed;

/** A clock with a NaN or out-of-range speed would make every date NaN: refuse it where it is set. */
function checkedSpeed(speed: unknown): number {
  if (!isValidSpeed(speed)) throw new RangeError(`Clock speed must be between ${minSpeed} and ${maxSpeed}`);
  return speed;
}

export function createSimulationClock(speed = 1, realNow: () => number = Date.now): Clock {
  let anchorReal = realNow();
  let anchorSim = anchorReal;
  let currentSpeed = checkedSpeed(speed);
  const now = () => new Date(anchorSim + (realNow() - anchorReal) * currentSpeed);
  return {
    now,
    get speed() {
      return currentSpeed;
    },
    setSpeed(next: number) {
      checkedSpeed(next);
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
      speed = checkedSpeed(next);
    },
    advance(ms: number) {
      current += ms;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };
}
