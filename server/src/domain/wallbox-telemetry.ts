import type { TimeWindow } from './collection-periods.ts';
import { CITIES } from './geo.ts';
import { createRandom, hashString, mix, type Random } from './prng.ts';
import { DAY_MS } from './vehicle-plan.ts';

// A simulated home charger: 0-2 charging sessions a day (an evening session that often runs
// overnight, now and then a daytime top-up), with a calibrated meter that only counts up.

export type WallboxRecord = {
  session_id: string;
  session_start: string;
  session_end: string;
  duration_min: number;
  charging_time_min: number;
  energy_kwh: number;
  meter_start_kwh: number;
  meter_end_kwh: number;
  max_power_kw: number;
  avg_power_kw: number;
  phases: number;
  connector_id: number;
  authorisation: 'RFID' | 'APP' | 'AUTOSTART';
  card_id: string | null;
};

interface WallboxProfile {
  seed: number;
  utcOffsetMin: number;
  maxPowerKw: number;
  carLimitKw: number;
  phases: number;
  connectors: number;
  cards: readonly string[];
  installDay: number;
  initialMeterKwh: number;
}

interface Session {
  index: number;
  /** Minutes since local midnight of the session's day. */
  start: number;
  duration: number;
  chargingTime: number;
  energyKwh: number;
  powerKw: number;
}

function profileFor(productId: string): WallboxProfile {
  const seed = hashString(`wallbox:${productId}`);
  const rng = createRandom(seed);
  const maxPowerKw = rng.pick([11, 11, 22]);
  const carLimitKw = rng.pick([7.4, 11, 11, 22]);
  const cardCount = rng.int(1, 3);
  return {
    seed,
    utcOffsetMin: rng.pick(CITIES).utcOffsetMin,
    maxPowerKw,
    carLimitKw,
    phases: carLimitKw === 7.4 ? 1 : 3,
    connectors: rng.chance(0.2) ? 2 : 1,
    cards: Array.from({ length: cardCount }, (_, i) => cardUid(seed, i)),
    installDay: Date.UTC(2018, 5, 1) / DAY_MS + rng.int(0, 900),
    initialMeterKwh: rng.between(0.2, 4),
  };
}

function cardUid(seed: number, index: number): string {
  const hex = (value: number) => value.toString(16).toUpperCase().padStart(8, '0');
  return `04${hex(mix(seed, index, 1))}${hex(mix(seed, index, 2)).slice(0, 4)}`;
}

function session(profile: WallboxProfile, rng: Random, index: number, start: number, kwh: number): Session {
  // Whole watt-hours, so meter readings add up exactly.
  const energy = Math.round(kwh * 1000) / 1000;
  const powerKw = Math.min(profile.maxPowerKw, profile.carLimitKw) * rng.between(0.9, 0.98);
  const chargingTime = Math.max(1, Math.round((energy / powerKw) * 60));
  return { index, start, duration: chargingTime, chargingTime, energyKwh: energy, powerKw };
}

function sessionsOfDay(profile: WallboxProfile, day: number): Session[] {
  const rng = createRandom(mix(profile.seed, day));
  const weekend = (day + 4) % 7 === 0 || (day + 4) % 7 === 6;
  const sessions: Session[] = [];
  if (rng.chance(weekend ? 0.25 : 0.1)) {
    const top = session(profile, rng, 0, rng.between(600, 840), rng.between(3, 15));
    top.duration = top.chargingTime + Math.round(rng.between(10, 120));
    sessions.push(top);
  }
  if (rng.chance(0.6)) {
    const evening = session(profile, rng, 1, rng.between(1020, 1290), rng.between(5, 45));
    // Unplugged the next morning, or soon after charging when the car is needed again.
    const overnight = 1440 - evening.start + rng.between(360, 510);
    evening.duration = Math.round(
      rng.chance(0.8)
        ? Math.max(overnight, evening.chargingTime + 5)
        : evening.chargingTime + rng.between(5, 60),
    );
    const previous = sessions[0];
    if (!previous || previous.start + previous.duration + 30 < evening.start) sessions.push(evening);
  }
  return sessions;
}

const cache = new Map<string, { profile: WallboxProfile; meters: number[] }>();

function simulation(productId: string) {
  const found = cache.get(productId);
  if (found) return found;
  const profile = profileFor(productId);
  const created = { profile, meters: [profile.initialMeterKwh] };
  if (cache.size >= 200) cache.delete(cache.keys().next().value ?? '');
  cache.set(productId, created);
  return created;
}

/** Meter reading at the start of a local day: the sum of all earlier sessions. */
function meterAt(sim: ReturnType<typeof simulation>, day: number): number {
  const index = day - sim.profile.installDay;
  while (sim.meters.length <= index) {
    const last = sim.meters.length - 1;
    const energy = sessionsOfDay(sim.profile, sim.profile.installDay + last).reduce(
      (sum, s) => sum + s.energyKwh,
      0,
    );
    sim.meters.push((sim.meters[last] ?? 0) + energy);
  }
  return sim.meters[index] ?? sim.profile.initialMeterKwh;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** Sessions that start and end inside one of the windows, in time order. */
export function* wallboxRecords(productId: string, windows: readonly TimeWindow[]): Generator<WallboxRecord> {
  const sim = simulation(productId);
  const { profile } = sim;
  const offsetMs = profile.utcOffsetMin * 60_000;
  for (const window of windows) {
    const firstDay = Math.max(profile.installDay, Math.floor((window.from + offsetMs) / DAY_MS));
    const lastDay = Math.floor((window.to + offsetMs) / DAY_MS);
    for (let day = firstDay; day <= lastDay; day += 1) {
      let meter = meterAt(sim, day);
      const dayStart = day * DAY_MS - offsetMs;
      for (const s of sessionsOfDay(profile, day)) {
        const start = dayStart + Math.round(s.start) * 60_000;
        const end = start + s.duration * 60_000;
        const meterStart = meter;
        meter += s.energyKwh;
        if (start < window.from || end > window.to) continue;
        const rng = createRandom(mix(profile.seed, day, s.index, 7));
        const authorisation = rng.chance(0.75) ? 'RFID' : rng.chance(0.6) ? 'APP' : 'AUTOSTART';
        yield {
          session_id: `${mix(profile.seed, day, s.index).toString(16).padStart(8, '0')}${(day * 2 + s.index).toString(16).padStart(6, '0')}`,
          session_start: new Date(start).toISOString(),
          session_end: new Date(end).toISOString(),
          duration_min: s.duration,
          charging_time_min: s.chargingTime,
          energy_kwh: round3(s.energyKwh),
          meter_start_kwh: round3(meterStart),
          meter_end_kwh: round3(meterStart + s.energyKwh),
          max_power_kw: round2(Math.min(profile.maxPowerKw, s.powerKw * rng.between(1.01, 1.05))),
          avg_power_kw: round2(s.powerKw),
          phases: profile.phases,
          connector_id: rng.int(1, profile.connectors),
          authorisation,
          card_id: authorisation === 'RFID' ? rng.pick(profile.cards) : null,
        };
      }
    }
  }
}
