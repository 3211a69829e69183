import { describe, expect, it } from 'vitest';
import { FIELD_CATALOGUE } from './field-catalogue.ts';
import { recordsFor, type TelemetryRecord } from './telemetry.ts';

const wallbox = { id: 'wb-test-1', productType: 'WALLBOX' as const };
const until = new Date('2026-01-01T00:00:00Z');
const at = (iso: string) => new Date(iso);
const all = (iterable: Iterable<TelemetryRecord>) => [...iterable];
const num = (record: TelemetryRecord | undefined, key: string) => Number(record?.[key]);

describe('recordsFor (wallbox)', () => {
  const window = [{ from: at('2025-01-01T00:00:00Z'), to: at('2025-04-01T00:00:00Z') }];
  const sessions = all(recordsFor(wallbox, window, { until }));

  it('is deterministic and holds exactly the catalogue fields', () => {
    expect(all(recordsFor(wallbox, window, { until }))).toEqual(sessions);
    for (const record of sessions) {
      expect(Object.keys(record)).toEqual(FIELD_CATALOGUE.WALLBOX.map((field) => field.name));
    }
  });

  it('has 0 to 2 sessions a day on average, each fully inside the window', () => {
    expect(sessions.length).toBeGreaterThan(30);
    expect(sessions.length).toBeLessThan(90 * 2);
    for (const record of sessions) {
      const start = Date.parse(String(record.session_start));
      const end = Date.parse(String(record.session_end));
      expect(start).toBeGreaterThanOrEqual(window[0]?.from.getTime() ?? 0);
      expect(end).toBeLessThanOrEqual(window[0]?.to.getTime() ?? 0);
      expect((end - start) / 60_000).toBe(record.duration_min);
      expect(num(record, 'charging_time_min')).toBeLessThanOrEqual(num(record, 'duration_min'));
    }
  });

  it('never overlaps sessions and keeps the meter counting up', () => {
    for (let i = 1; i < sessions.length; i += 1) {
      const previous = sessions[i - 1];
      const current = sessions[i];
      expect(String(current?.session_start) >= String(previous?.session_end)).toBe(true);
      expect(num(current, 'meter_start_kwh')).toBeCloseTo(num(previous, 'meter_end_kwh'), 3);
    }
    for (const record of sessions) {
      expect(num(record, 'meter_end_kwh') - num(record, 'meter_start_kwh')).toBeCloseTo(
        num(record, 'energy_kwh'),
        2,
      );
      expect(num(record, 'energy_kwh')).toBeGreaterThan(0);
      expect(num(record, 'avg_power_kw')).toBeLessThanOrEqual(num(record, 'max_power_kw'));
      expect(num(record, 'max_power_kw')).toBeLessThanOrEqual(22);
    }
  });

  it('includes the card id (personal) for RFID sessions only', () => {
    const rfid = sessions.filter((record) => record.authorisation === 'RFID');
    expect(rfid.length).toBeGreaterThan(0);
    for (const record of sessions) {
      if (record.authorisation === 'RFID') expect(record.card_id).toMatch(/^04[0-9A-F]{12}$/);
      else expect(record.card_id).toBeNull();
    }
  });

  it('leaves out a session that runs past the end of a period', () => {
    const first = sessions[0];
    const cut = new Date(Date.parse(String(first?.session_end)) - 60_000);
    const cutShort = all(recordsFor(wallbox, [{ from: window[0]?.from ?? cut, to: cut }], { until }));
    expect(cutShort.map((record) => record.session_id)).not.toContain(first?.session_id);
  });
});
