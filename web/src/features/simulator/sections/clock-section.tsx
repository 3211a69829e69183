import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { $api } from '../../../lib/api/client.ts';
import { formatDateTime } from '../../../lib/intl-format.ts';
import { SectionState } from '../section-state.tsx';
import { useSimulatorFailure, useWorldChanged } from '../use-world-change.ts';

const SPEEDS = [0.1, 1, 10, 60, 600] as const;
const JUMPS = [
  { key: 'minutes15', minutes: 15 },
  { key: 'hour1', minutes: 60 },
  { key: 'day1', minutes: 1440 },
  { key: 'days7', minutes: 7 * 1440 },
  { key: 'days30', minutes: 30 * 1440 },
] as const;

/** Simulated time: how fast it runs, and jumps ahead so expiry and retention show up at once. */
export function ClockSection() {
  const { t } = useTranslation('simulator');
  const clock = $api.useQuery('get', '/api/v1/sim/clock', {}, { refetchInterval: 1000 });
  const worldChanged = useWorldChanged();
  const failed = useSimulatorFailure();
  const onSuccess = async () => {
    await worldChanged();
  };
  const speed = $api.useMutation('put', '/api/v1/sim/clock', { onSuccess, onError: failed });
  const jump = $api.useMutation('post', '/api/v1/sim/clock/advance', { onSuccess, onError: failed });
  return (
    <SectionState query={clock}>
      <p className="simulator__status">
        {t('clock.now')} <time dateTime={clock.data?.now}>{formatDateTime(clock.data?.now)}</time>
      </p>
      <label className="simulator__field simulator__field--narrow">
        <span>{t('clock.speed')}</span>
        <select
          value={clock.data?.speed ?? 1}
          onChange={(event) => speed.mutate({ body: { speed: Number(event.target.value) } })}
        >
          {SPEEDS.map((value) => (
            <option key={value} value={value}>
              {t('clock.speedValue', { speed: value })}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="simulator__row simulator__fieldset">
        <legend className="simulator__muted">{t('clock.jump')}</legend>
        {JUMPS.map((entry) => (
          <Button
            key={entry.key}
            size="sm"
            variant="secondary"
            loading={jump.isPending && jump.variables?.body.minutes === entry.minutes}
            onClick={() => jump.mutate({ body: { minutes: entry.minutes } })}
          >
            {t(`clock.jumps.${entry.key}`)}
          </Button>
        ))}
      </fieldset>
    </SectionState>
  );
}
