import { describe, expect, it } from 'vitest';
import { FIELD_CATALOGUE } from './field-catalogue.ts';
import { distanceKm } from './geo.ts';
import { recordsFor, type TelemetryRecord } from './telemetry.ts';
import { vehicleProfileFor } from './vehicle-telemetry.ts';

const vehicle = { id: 'veh-test-1', productType: 'VEHICLE' as const };
const until = new Date('2026-01-01T00:00:00Z');
const at = (iso: string) => new Date(iso);
const min = (values: number[]) => values.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
const max = (values: number[]) => values.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
const all = (iterable: Iterable<TelemetryRecord>) => [...iterable];
const num = (record: TelemetryRecord | undefined, key: string) => Number(record?.[key]);

describe('recordsFor (vehicle)', () => {
  const week = [{ from: at('2025-03-03T00:00:00Z'), to: at('2025-03-10T00:00:00Z') }];

  it('gives the same records for the same product and time', () => {
    const first = all(recordsFor(vehicle, week, { until }));
    const second = all(recordsFor(vehicle, week, { until }));
    expect(first).toHaveLength(7 * 1440);
    expect(second).toEqual(first);
  });

  it('gives the same reading at a given time whatever window is asked for', () => {
    const long = all(recordsFor(vehicle, week, { until }));
    const late = all(
      recordsFor(vehicle, [{ from: at('2025-03-06T13:37:00Z'), to: at('2025-03-10T00:00:00Z') }], { until }),
    );
    expect(late).toEqual(long.filter((record) => String(record.timestamp) >= '2025-03-06T13:37:00.000Z'));
  });

  it('differs between products', () => {
    const other = all(recordsFor({ id: 'veh-test-2', productType: 'VEHICLE' }, week, { until }));
    const mine = all(recordsFor(vehicle, week, { until }));
    expect(other[0]?.latitude).not.toEqual(mine[0]?.latitude);
    expect(vehicleProfileFor('veh-test-2').home).not.toEqual(vehicleProfileFor(vehicle.id).home);
  });

  it('yields only readings inside the collection periods, without duplicates', () => {
    const periods = [
      { from: at('2025-05-01T10:00:30Z'), to: at('2025-05-01T12:00:00Z') },
      { from: at('2025-05-01T11:00:00Z'), to: at('2025-05-01T13:00:00Z') },
      { from: at('2025-05-02T00:00:00Z'), to: at('2025-05-02T00:30:00Z') },
    ];
    const records = all(recordsFor(vehicle, periods, { until }));
    const times = records.map((record) => Date.parse(String(record.timestamp)));
    expect(new Set(times).size).toBe(times.length);
    for (const time of times) {
      expect(periods.some((period) => time >= period.from.getTime() && time < period.to.getTime())).toBe(
        true,
      );
    }
    // 10:01 .. 12:59 (179 readings) and 00:00 .. 00:29 (30)
    expect(records).toHaveLength(179 + 30);
    expect(records[0]?.timestamp).toBe('2025-05-01T10:01:00.000Z');
    expect(records.at(-1)?.timestamp).toBe('2025-05-02T00:29:00.000Z');
  });

  it('ends an open period at `until` and never produces future data', () => {
    const records = all(
      recordsFor(vehicle, [{ from: at('2025-06-01T00:00:00Z'), to: null }], {
        until: at('2025-06-01T02:00:00Z'),
      }),
    );
    expect(records).toHaveLength(120);
    expect(
      all(recordsFor(vehicle, [{ from: at('2025-06-01T00:00:00Z'), to: null }], { until: at('2025-05-01') })),
    ).toEqual([]);
  });

  it('uses the configured interval, aligned to whole intervals', () => {
    const records = all(recordsFor(vehicle, week, { until, intervalSeconds: 300 }));
    expect(records).toHaveLength((7 * 1440) / 5);
    for (const record of records) expect(Date.parse(String(record.timestamp)) % 300_000).toBe(0);
  });

  it('has no data before the vehicle was in service', () => {
    expect(all(recordsFor(vehicle, [{ from: at('2010-01-01'), to: at('2010-02-01') }], { until }))).toEqual(
      [],
    );
  });

  it('is lazy: the first reading of ten years comes at once', () => {
    const started = performance.now();
    const first = recordsFor(vehicle, [{ from: at('2021-01-01'), to: at('2031-01-01') }], {
      until: at('2031-01-01'),
    }).next();
    expect(first.done).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('holds exactly the catalogue fields, personal ones included', () => {
    const [record] = all(recordsFor(vehicle, week, { until, intervalSeconds: 86_400 }));
    expect(Object.keys(record ?? {})).toEqual(FIELD_CATALOGUE.VEHICLE.map((field) => field.name));
    expect(typeof record?.latitude).toBe('number');
    expect(typeof record?.longitude).toBe('number');
  });

  describe('over a year', () => {
    const year = all(recordsFor(vehicle, [{ from: at('2024-07-01'), to: at('2025-07-01') }], { until }));
    const pairs = year.slice(1).map((record, i) => [year[i] as TelemetryRecord, record] as const);

    it('has one reading per minute', () => {
      expect(year).toHaveLength(365 * 1440);
    });

    // Checked with plain loops: half a million expect() calls would take minutes.
    it('never lets the odometer go back, and drives a plausible distance', () => {
      expect(pairs.filter(([a, b]) => num(b, 'odometer_km') < num(a, 'odometer_km'))).toEqual([]);
      const driven = num(year.at(-1), 'odometer_km') - num(year[0], 'odometer_km');
      expect(driven).toBeGreaterThan(3000);
      expect(driven).toBeLessThan(40_000);
    });

    it('keeps the state of charge within 0..100 and the range consistent with it', () => {
      const soc = year.map((record) => num(record, 'state_of_charge_pct'));
      expect(min(soc)).toBeGreaterThanOrEqual(5);
      expect(max(soc)).toBeLessThanOrEqual(100);
      expect(year.filter((record) => !(num(record, 'estimated_range_km') >= 0))).toEqual([]);
    });

    it('lowers the charge while driving and raises it only while charging', () => {
      const delta = ([a, b]: (typeof pairs)[number]) =>
        num(b, 'state_of_charge_pct') - num(a, 'state_of_charge_pct');
      const rising = pairs.filter((pair) => delta(pair) > 0.05);
      const driving = pairs.filter(
        ([a, b]) => a.vehicle_state === 'DRIVING' && b.vehicle_state === 'DRIVING',
      );
      expect(rising.length).toBeGreaterThan(100);
      expect(driving.length).toBeGreaterThan(1000);
      expect(
        rising.filter(([a, b]) => a.charging_state !== 'CHARGING' && b.charging_state !== 'CHARGING'),
      ).toEqual([]);
      expect(driving.filter((pair) => delta(pair) > 0)).toEqual([]);
      expect(driving.filter((pair) => delta(pair) < 0).length).toBeGreaterThan(driving.length / 2);
    });

    it('moves only while driving, at road speeds, and stays around home', () => {
      const home = vehicleProfileFor(vehicle.id).home;
      const position = (record: TelemetryRecord) => ({
        lat: num(record, 'latitude'),
        lon: num(record, 'longitude'),
      });
      const moved = ([a, b]: (typeof pairs)[number]) => distanceKm(position(a), position(b));
      expect(pairs.filter((pair) => moved(pair) >= 3)).toEqual([]); // < 180 km/h
      expect(
        pairs.filter(
          ([a, b]) => a.vehicle_state === 'PARKED' && b.vehicle_state === 'PARKED' && moved([a, b]) > 0,
        ),
      ).toEqual([]);
      expect(year.filter((record) => distanceKm(home, position(record)) >= 200)).toEqual([]);
      expect(year.filter((record) => record.vehicle_state === 'PARKED' && record.speed_kmh !== 0)).toEqual(
        [],
      );
      expect(year.filter((record) => num(record, 'speed_kmh') >= 170)).toEqual([]);
      expect(
        year.filter(
          (record) => (record.charging_state === 'CHARGING') !== num(record, 'charging_power_kw') > 0,
        ),
      ).toEqual([]);
    });

    it('spends most nights parked at home', () => {
      const home = vehicleProfileFor(vehicle.id).home;
      const nights = year.filter((record) => String(record.timestamp).endsWith('T02:00:00.000Z'));
      const atHome = nights.filter(
        (record) => distanceKm(home, { lat: num(record, 'latitude'), lon: num(record, 'longitude') }) < 0.01,
      );
      expect(atHome.length / nights.length).toBeGreaterThan(0.95);
    });

    it('shows seasonal and plausible temperatures', () => {
      const mean = (month: string) => {
        const values = year
          .filter((r) => String(r.timestamp).startsWith(month))
          .map((r) => num(r, 'outside_temperature_c'));
        return values.reduce((sum, value) => sum + value, 0) / values.length;
      };
      expect(mean('2024-07')).toBeGreaterThan(mean('2025-01') + 8);
      const outside = year.map((record) => num(record, 'outside_temperature_c'));
      const battery = year.map((record) => num(record, 'battery_temperature_c'));
      expect(min(outside)).toBeGreaterThan(-25);
      expect(max(outside)).toBeLessThan(45);
      expect(min(battery)).toBeGreaterThan(-10);
      expect(max(battery)).toBeLessThan(45);
      const jumps = pairs.filter(
        ([a, b]) => Math.abs(num(b, 'outside_temperature_c') - num(a, 'outside_temperature_c')) >= 1.5,
      );
      expect(jumps).toEqual([]);
    });
  });
});
