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
  /**
   * Calls `listener` after every change of speed or jump in simulated time (not as time passes), so
   * whatever waits for a simulated moment can re-plan instead of polling. Answers the unsubscribe.
   */
  onChange(listener: () => void): () => void;
  /** Where simulated time stands: enough for another process to run the very same clock. */
  state(): ClockState;
  /** Takes over another clock's state (a team's instances share one simulated clock), then notifies. */
  adopt(state: ClockState): void;
}

/** simulated now = simAnchor + (real now - realAnchor) × speed; times in ms since the epoch. */
export interface ClockState {
  speed: number;
  realAnchor: number;
  simAnchor: number;
}

/** The listeners of one clock; each is called after a change, and one failing does not stop the others. */
function changeListeners() {
  const listeners = new Set<() => void>();
  return {
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed(): void {
      for (const listener of [...listeners]) listener();
    },
  };
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
  const listeners = changeListeners();
  const now = () => new Date(anchorSim + (realNow() - anchorReal) * currentSpeed);
  return {
    now,
    onChange: listeners.onChange,
    get speed() {
      return currentSpeed;
    },
    setSpeed(next: number) {
      checkedSpeed(next);
      anchorSim = now().getTime();
      anchorReal = realNow();
      currentSpeed = next;
      listeners.changed();
    },
    advance(ms: number) {
      anchorSim += ms;
      listeners.changed();
    },
    state: () => ({ speed: currentSpeed, realAnchor: anchorReal, simAnchor: anchorSim }),
    adopt(state: ClockState) {
      currentSpeed = checkedSpeed(state.speed);
      anchorReal = state.realAnchor;
      anchorSim = state.simAnchor;
      listeners.changed();
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
    // Real time never jumps or changes pace.
    onChange: () => () => undefined,
    state: () => ({ speed: 1, realAnchor: Date.now(), simAnchor: Date.now() }),
    adopt() {
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
  const listeners = changeListeners();
  return {
    now: () => new Date(current),
    onChange: listeners.onChange,
    get speed() {
      return speed;
    },
    setSpeed(next: number) {
      speed = checkedSpeed(next);
      listeners.changed();
    },
    advance(ms: number) {
      current += ms;
      listeners.changed();
    },
    set(date: Date) {
      current = date.getTime();
      listeners.changed();
    },
    // A manual clock does not move with real time: its state is its current time.
    state: () => ({ speed, realAnchor: current, simAnchor: current }),
    adopt(state: ClockState) {
      speed = checkedSpeed(state.speed);
      current = state.simAnchor;
      listeners.changed();
    },
  };
}
