// Plain spherical geometry for the simulated vehicle positions.

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

export const CITIES: readonly City[] = [
  { name: 'Athens', lat: 37.9838, lon: 23.7275, utcOffsetMin: 120, meanTempC: 18.5, seasonalSwingC: 9 },
  { name: 'Thessaloniki', lat: 40.6401, lon: 22.9444, utcOffsetMin: 120, meanTempC: 16, seasonalSwingC: 10 },
  { name: 'Munich', lat: 48.1351, lon: 11.582, utcOffsetMin: 60, meanTempC: 9, seasonalSwingC: 10 },
  { name: 'Berlin', lat: 52.52, lon: 13.405, utcOffsetMin: 60, meanTempC: 10, seasonalSwingC: 10 },
  { name: 'Stuttgart', lat: 48.7758, lon: 9.1829, utcOffsetMin: 60, meanTempC: 10, seasonalSwingC: 9.5 },
  { name: 'Paris', lat: 48.8566, lon: 2.3522, utcOffsetMin: 60, meanTempC: 12.5, seasonalSwingC: 8 },
  { name: 'Lyon', lat: 45.764, lon: 4.8357, utcOffsetMin: 60, meanTempC: 12.5, seasonalSwingC: 9.5 },
  { name: 'Milan', lat: 45.4642, lon: 9.19, utcOffsetMin: 60, meanTempC: 13.5, seasonalSwingC: 10.5 },
  { name: 'Madrid', lat: 40.4168, lon: -3.7038, utcOffsetMin: 60, meanTempC: 15, seasonalSwingC: 10 },
  { name: 'Lisbon', lat: 38.7223, lon: -9.1393, utcOffsetMin: 0, meanTempC: 17.5, seasonalSwingC: 5.5 },
  { name: 'Amsterdam', lat: 52.3676, lon: 4.9041, utcOffsetMin: 60, meanTempC: 10.5, seasonalSwingC: 7 },
  { name: 'Vienna', lat: 48.2082, lon: 16.3738, utcOffsetMin: 60, meanTempC: 11, seasonalSwingC: 10.5 },
  { name: 'Copenhagen', lat: 55.6761, lon: 12.5683, utcOffsetMin: 60, meanTempC: 9, seasonalSwingC: 8 },
  { name: 'Stockholm', lat: 59.3293, lon: 18.0686, utcOffsetMin: 60, meanTempC: 7.5, seasonalSwingC: 10 },
  { name: 'Warsaw', lat: 52.2297, lon: 21.0122, utcOffsetMin: 60, meanTempC: 8.5, seasonalSwingC: 11 },
  { name: 'Dublin', lat: 53.3498, lon: -6.2603, utcOffsetMin: 0, meanTempC: 10, seasonalSwingC: 5 },
];

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
