import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { $api } from '../../../lib/api/client.ts';
import type { Schemas } from '../../../lib/api/types.ts';
import { formatNumber, formatTime } from '../../../lib/intl-format.ts';
import { SectionState } from '../section-state.tsx';
import { useSimulatorFailure } from '../use-world-change.ts';

type Call = Schemas['SimulationCall'];

function pretty(body: string | null): string {
  if (!body) return '—';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function CallEntry({ call }: { call: Call }) {
  const { t } = useTranslation('simulator');
  const failed = call.status >= 400;
  return (
    <li className={call.violation ? 'simulator__call simulator__call--violation' : 'simulator__call'}>
      <details>
        <summary>
          <span
            className={
              failed ? 'simulator__status-code simulator__status-code--failed' : 'simulator__status-code'
            }
          >
            {call.status}
          </span>{' '}
          {call.method} {call.path}{' '}
          <span className="simulator__muted">
            {formatNumber(call.durationMs)} ms · {formatTime(call.at)}
          </span>
          {call.violation && <strong className="simulator__violation-tag">{t('calls.violation')}</strong>}
        </summary>
        {call.violation && <p className="simulator__violation">{call.violation}</p>}
        <p className="simulator__muted">{call.operationId ?? t('calls.noOperation')}</p>
        <h4>{t('calls.request')}</h4>
        <pre>{pretty(call.requestBody)}</pre>
        <h4>{t('calls.response')}</h4>
        <pre>{pretty(call.responseBody)}</pre>
      </details>
    </li>
  );
}

/** The last 100 API calls of this browser, newest first, contract violations highlighted. */
export function CallsSection() {
  const { t } = useTranslation('simulator');
  const calls = $api.useQuery('get', '/api/v1/sim/calls', {}, { refetchInterval: 2000 });
  const failed = useSimulatorFailure();
  const clear = $api.useMutation('delete', '/api/v1/sim/calls', {
    onSuccess: () => calls.refetch(),
    onError: failed,
  });
  const violations = calls.data?.filter((call) => call.violation).length ?? 0;
  return (
    <SectionState query={calls}>
      <div className="simulator__row">
        <p className="simulator__status" aria-live="polite">
          {t('calls.summary', { count: calls.data?.length ?? 0, violations })}
        </p>
        <Button size="sm" variant="ghost" onClick={() => clear.mutate({})}>
          {t('calls.clear')}
        </Button>
      </div>
      <ol className="simulator__calls" aria-label={t('calls.list')}>
        {calls.data?.map((call) => (
          <CallEntry key={call.id} call={call} />
        ))}
      </ol>
    </SectionState>
  );
}
