import type { TimeWindow } from './collection-periods.ts';
import { bearingDeg, type LatLon } from './geo.ts';
import { isoTimestamp } from './iso-time.ts';
import { unitNoise } from './prng.ts';
import {
  DAY_MS,
  type DayCarry,
  type DayPlan,
  dayOfYear,
  initialCarry,
  MINUTES_PER_DAY,
  planDay,
  type Segment,
  type VehicleProfile,
  vehicleProfile,
} from './vehicle-plan.ts';

export type VehicleRecord = {
  timestamp: string;
  vehicle_state: 'DRIVING' | 'PARKED';
  odometer_km: number;
  speed_kmh: number;
  heading_deg: number;
  latitude: number;
  longitude: number;
  state_of_charge_pct: number;
  estimated_range_km: number;
  charging_state: 'DISCONNECTED' | 'CHARGING' | 'COMPLETE';
  charging_power_kw: number;
  battery_temperature_c: number;
  outside_temperature_c: number;
};

interface Simulation {
  profile: VehicleProfile;
  /** carries[i] = state at the start of local day profile.inServiceDay + i. */
  carries: DayCarry[];
}

// Day-start states are a chain from the in-service day; keep them for recently used vehicles.
const cache = new Map<string, Simulation>();
const CACHE_LIMIT = 200;

function simulation(productId: string): Simulation {
  const found = cache.get(productId);
  if (found) return found;
  const profile = vehicleProfile(productId);
  const created = { profile, carries: [initialCarry(profile)] };
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value ?? '');
  cache.set(productId, created);
  return created;
}

function planFor(sim: Simulation, day: number): DayPlan {
  const index = day - sim.profile.inServiceDay;
  while (sim.carries.length <= index) {
    const last = sim.carries.length - 1;
    const carry = sim.carries[last] ?? initialCarry(sim.profile);
    sim.carries.push(planDay(sim.profile, sim.profile.inServiceDay + last, carry).end);
  }
  return planDay(sim.profile, day, sim.carries[index] ?? initialCarry(sim.profile));
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

function positionAt(segment: Segment, progress: number): LatLon {
  const { from, to } = segment;
  const dLat = to.lat - from.lat;
  const dLon = to.lon - from.lon;
  const bulge = segment.bend * Math.sin(Math.PI * progress);
  return { lat: from.lat + dLat * progress - dLon * bulge, lon: from.lon + dLon * progress + dLat * bulge };
}

// Smooth progress along a leg: slower at both ends (traffic lights, parking), faster mid-way.
const EASE = 0.6;
const eased = (f: number) => f - (EASE * Math.sin(2 * Math.PI * f)) / (2 * Math.PI);
const easedSpeed = (f: number) => 1 - EASE * Math.cos(2 * Math.PI * f);

function outsideTemperature(profile: VehicleProfile, day: number, minute: number, dayOffset: number): number {
  const { meanTempC, seasonalSwingC } = profile.city;
  const seasonal = -seasonalSwingC * Math.cos((2 * Math.PI * (dayOfYear(day) - 15)) / 365);
  const diurnal = -4 * Math.cos((2 * Math.PI * (minute - 240)) / MINUTES_PER_DAY);
  return meanTempC + seasonal + diurnal + dayOffset;
}

function recordAt(
  profile: VehicleProfile,
  plan: DayPlan,
  segment: Segment,
  t: number,
  minute: number,
): VehicleRecord {
  const noise = unitNoise(profile.seed, t / 60_000);
  // Weather of the day drifts smoothly into the next day's, so midnight shows no jump.
  const share = minute / MINUTES_PER_DAY;
  const dayOffset =
    ((1 - share) * unitNoise(profile.seed, -plan.day) +
      share * unitNoise(profile.seed, -plan.day - 1) -
      0.5) *
    6;
  const outside = outsideTemperature(profile, plan.day, minute, dayOffset) + (noise - 0.5) * 0.4;
  const elapsed = minute - segment.start;
  let position = segment.from;
  let soc = segment.socStart;
  let odometer = segment.odoStart;
  let speed = 0;
  let heading = 0;
  let warm = segment.warmStart * Math.exp(-elapsed / 90);
  let power = 0;
  if (segment.kind === 'driving') {
    const f = elapsed / (segment.end - segment.start);
    const progress = eased(f);
    position = positionAt(segment, progress);
    heading = bearingDeg(position, positionAt(segment, Math.min(1, progress + 0.02)));
    speed = segment.avgSpeedKmh * easedSpeed(f) * (0.94 + noise * 0.12);
    soc = segment.socStart + (segment.socEnd - segment.socStart) * progress;
    odometer += segment.distanceKm * progress;
    warm = Math.min(8, segment.warmStart + elapsed * 0.2);
  } else if (segment.kind === 'charging') {
    soc = segment.socStart + ((segment.socEnd - segment.socStart) * elapsed) / (segment.end - segment.start);
    power = segment.powerKw * (0.96 + noise * 0.04);
    warm = Math.min(10, warm + elapsed * 0.15);
  }
  // Thermal management keeps the pack between the outside temperature and ~20 °C.
  const battery = outside * 0.55 + 9 + warm;
  return {
    timestamp: isoTimestamp(t),
    vehicle_state: segment.kind === 'driving' ? 'DRIVING' : 'PARKED',
    odometer_km: round1(odometer),
    speed_kmh: round1(speed),
    heading_deg: heading,
    latitude: round5(position.lat),
    longitude: round5(position.lon),
    state_of_charge_pct: round1(soc),
    estimated_range_km: Math.round(((soc / 100) * profile.batteryKwh) / profile.consumptionKwhPerKm),
    charging_state:
      segment.kind === 'charging' ? 'CHARGING' : segment.pluggedIn ? 'COMPLETE' : 'DISCONNECTED',
    charging_power_kw: round1(power),
    battery_temperature_c: round1(battery),
    outside_temperature_c: round1(outside),
  };
}

/** Readings every `intervalMs` (aligned to the epoch) inside the windows, in time order. */
export function* vehicleRecords(
  productId: string,
  windows: readonly TimeWindow[],
  intervalMs: number,
): Generator<VehicleRecord> {
  const sim = simulation(productId);
  const offsetMs = sim.profile.city.utcOffsetMin * 60_000;
  const serviceStart = sim.profile.inServiceDay * DAY_MS - offsetMs;
  for (const window of windows) {
    let t = Math.ceil(Math.max(window.from, serviceStart) / intervalMs) * intervalMs;
    while (t < window.to) {
      const day = Math.floor((t + offsetMs) / DAY_MS);
      const dayStart = day * DAY_MS - offsetMs;
      const dayEnd = Math.min(dayStart + DAY_MS, window.to);
      const plan = planFor(sim, day);
      let index = 0;
      for (; t < dayEnd; t += intervalMs) {
        const minute = (t - dayStart) / 60_000;
        let segment = plan.segments[index];
        while (segment && minute >= segment.end && index < plan.segments.length - 1) {
          index += 1;
          segment = plan.segments[index];
        }
        if (!segment) throw new Error(`Empty plan for day ${day}`);
        yield recordAt(sim.profile, plan, segment, t, minute);
      }
    }
  }
}

/** Only for tests: the profile behind a vehicle id (home location, battery). */
export function vehicleProfileFor(productId: string): VehicleProfile {
  return simulation(productId).profile;
}
