// Plain spherical geometry for the simulated vehicle positions.

import cities from './cities.json' with { type: 'json' };

export interface LatLon {
  lat: number;
  lon: number;
}

export interface City extends LatLon {
  name: string;
  /** Offset from UTC in minutes (standard time; daylight saving is not simulated). */
  utcOffsetMin: number;
  /** Mean yearly temperature and half the summer-winter difference, in °C. */
  meanTempC: number;
  seasonalSwingC: number;
}

/** The cities the simulated products live in and drive around (cities.json: data, not code). */
export const CITIES: readonly City[] = cities;

const EARTH_RADIUS_KM = 6371;
const RAD = Math.PI / 180;

export function distanceKm(a: LatLon, b: LatLon): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `km` away from `origin` in direction `bearingDeg` (flat approximation, fine below ~200 km). */
export function offsetKm(origin: LatLon, km: number, bearingDeg: number): LatLon {
  const north = km * Math.cos(bearingDeg * RAD);
  const east = km * Math.sin(bearingDeg * RAD);
  return {
    lat: origin.lat + north / 111.32,
    lon: origin.lon + east / (111.32 * Math.cos(origin.lat * RAD)),
  };
}

/** Initial bearing from a to b in whole degrees, 0-359. */
export function bearingDeg(a: LatLon, b: LatLon): number {
  const y = Math.sin((b.lon - a.lon) * RAD) * Math.cos(b.lat * RAD);
  const x =
    Math.cos(a.lat * RAD) * Math.sin(b.lat * RAD) -
    Math.sin(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.cos((b.lon - a.lon) * RAD);
  return Math.round((Math.atan2(y, x) / RAD + 360) % 360) % 360;
}
