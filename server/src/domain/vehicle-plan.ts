import { CITIES, type City, distanceKm, type LatLon, offsetKm } from './geo.ts';
import { createRandom, hashString, mix, type Random } from './prng.ts';

// A simulated electric car: a fixed profile per product id, and one plan per local day
// (parked, driving and charging segments). A day starts from the state the previous day
// ended in, so odometer, state of charge and position are continuous.

export const MINUTES_PER_DAY = 1440;
export const DAY_MS = 86_400_000;
const FIRST_SERVICE_DAY = Date.UTC(2018, 5, 1) / DAY_MS;
const SERVICE_DAY_SPREAD = 900;

export interface VehicleProfile {
  seed: number;
  city: City;
  home: LatLon;
  work: LatLon;
  places: readonly LatLon[];
  farPlace: LatLon;
  batteryKwh: number;
  consumptionKwhPerKm: number;
  homeChargerKw: number;
  commuter: boolean;
  /** First local day with telemetry (days since 1970-01-01). */
  inServiceDay: number;
  initialOdometerKm: number;
}

export type SegmentKind = 'parked' | 'driving' | 'charging';

export interface Segment {
  kind: SegmentKind;
  /** Minutes since local midnight, [start, end). */
  start: number;
  end: number;
  from: LatLon;
  to: LatLon;
  socStart: number;
  socEnd: number;
  odoStart: number;
  distanceKm: number;
  avgSpeedKmh: number;
  /** Sideways bulge of the route as a share of its length, so roads are not straight lines. */
  bend: number;
  powerKw: number;
  /** The cable is in (charging or complete) while parked at home. */
  pluggedIn: boolean;
  /** Battery warmth above its resting temperature at the segment start, °C. */
  warmStart: number;
}

export interface DayCarry {
  odometerKm: number;
  soc: number;
  pluggedIn: boolean;
  chargeTargetSoc: number;
  warmAtMidnight: number;
}

export interface DayPlan {
  day: number;
  segments: Segment[];
  end: DayCarry;
}

export function vehicleProfile(productId: string): VehicleProfile {
  const seed = hashString(`vehicle:${productId}`);
  const rng = createRandom(seed);
  const city = rng.pick(CITIES);
  const home = offsetKm(city, rng.between(1, 12), rng.between(0, 360));
  const places = [0, 1, 2].map(() => offsetKm(home, rng.between(1.5, 14), rng.between(0, 360)));
  return {
    seed,
    city,
    home,
    work: offsetKm(home, rng.between(5, 28), rng.between(0, 360)),
    places,
    farPlace: offsetKm(home, rng.between(60, 140), rng.between(0, 360)),
    batteryKwh: rng.pick([58, 64, 77, 82]),
    consumptionKwhPerKm: rng.between(0.15, 0.19),
    homeChargerKw: rng.pick([7.4, 11, 11]),
    commuter: rng.chance(0.7),
    inServiceDay: FIRST_SERVICE_DAY + rng.int(0, SERVICE_DAY_SPREAD),
    initialOdometerKm: rng.between(5, 40),
  };
}

export function initialCarry(profile: VehicleProfile): DayCarry {
  return {
    odometerKm: profile.initialOdometerKm,
    soc: 70,
    pluggedIn: false,
    chargeTargetSoc: 80,
    warmAtMidnight: 0,
  };
}

/** Cold weather raises consumption by up to a quarter. */
export function seasonalFactor(profile: VehicleProfile, day: number): number {
  const coldness = (1 + Math.cos((2 * Math.PI * (dayOfYear(day) - 15)) / 365)) / 2;
  return 1 + 0.25 * coldness * (profile.city.seasonalSwingC / 10);
}

// Asked for every reading (the season's temperature) and days come in order: keep the last answer.
let lastDay = Number.NaN;
let lastDayOfYear = 0;

export function dayOfYear(day: number): number {
  if (day !== lastDay) {
    const date = new Date(day * DAY_MS);
    lastDayOfYear = Math.floor((day * DAY_MS - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS);
    lastDay = day;
  }
  return lastDayOfYear;
}

interface Outing {
  to: LatLon;
  depart: number;
  dwell: number;
}

function planOutings(profile: VehicleProfile, rng: Random, day: number): Outing[] {
  const weekday = (day + 4) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
  const weekend = weekday === 0 || weekday === 6;
  if (rng.chance(0.07)) return [];
  if (profile.commuter && !weekend) {
    const outings = [{ to: profile.work, depart: rng.between(400, 520), dwell: rng.between(480, 570) }];
    if (rng.chance(0.35))
      outings.push({
        to: rng.pick(profile.places),
        depart: rng.between(1110, 1230),
        dwell: rng.between(30, 100),
      });
    return outings;
  }
  if (weekend && rng.chance(0.12)) {
    return [{ to: profile.farPlace, depart: rng.between(540, 660), dwell: rng.between(180, 360) }];
  }
  const count = rng.int(0, 2);
  return Array.from({ length: count }, (_, i) => ({
    to: rng.pick(profile.places),
    depart: 570 + i * 270 + rng.between(0, 150),
    dwell: rng.between(40, 180),
  }));
}

function speedFor(km: number, rng: Random): number {
  if (km < 8) return rng.between(26, 38);
  if (km < 40) return rng.between(42, 62);
  return rng.between(78, 102);
}

export function planDay(profile: VehicleProfile, day: number, carry: DayCarry): DayPlan {
  const rng = createRandom(mix(profile.seed, day));
  const segments: Segment[] = [];
  const chargePerMin = (kw: number) => ((kw * 0.92) / profile.batteryKwh) * (100 / 60);
  const factor = seasonalFactor(profile, day);
  let soc = carry.soc;
  let odo = carry.odometerKm;
  let warm = carry.warmAtMidnight;
  let clock = 0;

  const base = (kind: SegmentKind, start: number, end: number, at: LatLon): Segment => ({
    kind,
    start,
    end,
    from: at,
    to: at,
    socStart: soc,
    socEnd: soc,
    odoStart: odo,
    distanceKm: 0,
    avgSpeedKmh: 0,
    bend: 0,
    powerKw: 0,
    pluggedIn: false,
    warmStart: warm,
  });

  // At home from `clock` to `until`, optionally on the cable, charging towards `target`.
  const stayHome = (until: number, plugged: boolean, target: number) => {
    if (until <= clock) return;
    if (plugged && soc < target) {
      const rate = chargePerMin(profile.homeChargerKw);
      const end = Math.min(until, clock + (target - soc) / rate);
      const segment = {
        ...base('charging', clock, end, profile.home),
        powerKw: profile.homeChargerKw,
        pluggedIn: true,
      };
      soc = Math.min(target, soc + rate * (end - clock));
      segment.socEnd = soc;
      segments.push(segment);
      warm = Math.min(10, warm * Math.exp(-(end - clock) / 90) + (end - clock) * 0.15);
      clock = end;
    }
    if (until > clock) {
      segments.push({ ...base('parked', clock, until, profile.home), pluggedIn: plugged });
      warm *= Math.exp(-(until - clock) / 90);
      clock = until;
    }
  };

  const drive = (from: LatLon, to: LatLon, depart: number) => {
    const km = distanceKm(from, to) * 1.25;
    const speed = speedFor(km, rng);
    const duration = Math.max(4, Math.round((km / speed) * 60));
    const drop = ((km * profile.consumptionKwhPerKm * factor) / profile.batteryKwh) * 100;
    const segment = {
      ...base('driving', depart, depart + duration, from),
      to,
      distanceKm: km,
      avgSpeedKmh: speed,
    };
    segment.bend = rng.between(-0.18, 0.18);
    soc -= drop;
    odo += km;
    segment.socEnd = soc;
    segments.push(segment);
    warm = Math.min(8, warm + duration * 0.2);
    clock = depart + duration;
  };

  let plugged = carry.pluggedIn;
  let target = carry.chargeTargetSoc;
  for (const outing of planOutings(profile, rng, day)) {
    const depart = Math.max(outing.depart, clock + 15);
    const km = distanceKm(profile.home, outing.to) * 1.25;
    const roundTripDrop = ((2 * km * profile.consumptionKwhPerKm * factor) / profile.batteryKwh) * 100;
    const back = depart + outing.dwell + 2 * Math.max(4, (km / 26) * 60);
    // Keep a reserve and get home before 23:00; otherwise the outing does not happen.
    if (soc - roundTripDrop < 12 || back > 1380) break;
    stayHome(depart, plugged, target);
    plugged = false;
    drive(profile.home, outing.to, depart);
    const leave = clock + outing.dwell;
    segments.push(base('parked', clock, leave, outing.to));
    warm *= Math.exp(-outing.dwell / 90);
    clock = leave;
    drive(outing.to, profile.home, leave);
  }
  if (!plugged && (soc < rng.between(55, 75) || rng.chance(0.2))) {
    plugged = true;
    target = rng.chance(0.1) ? 100 : 80;
    stayHome(Math.min(MINUTES_PER_DAY, clock + rng.between(2, 15)), false, target);
  }
  stayHome(MINUTES_PER_DAY, plugged, target);
  return {
    day,
    segments,
    end: { odometerKm: odo, soc, pluggedIn: plugged, chargeTargetSoc: target, warmAtMidnight: warm },
  };
}
