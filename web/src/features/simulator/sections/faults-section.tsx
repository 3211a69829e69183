import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { $api } from '../../../lib/api/client.ts';
import type { Schemas } from '../../../lib/api/types.ts';
import { SectionList, SectionState } from '../section-state.tsx';
import { useSimulatorFailure } from '../use-world-change.ts';

type Operation = Schemas['SimulationOperation'];
type FaultInput = Schemas['FaultInput'];

/** A status the contract never declares: the call list then shows a contract violation. */
const UNDECLARED = 'undeclared:418';
const DELAY_ONLY = 'delay';

function outcomesOf(operation: Operation | undefined) {
  if (!operation) return [];
  const coded = operation.errorCodes.map((entry) => ({
    value: `${entry.status}:${entry.code}`,
    label: `${entry.status} ${entry.code}`,
  }));
  const bare = operation.statuses
    .filter((status) => !operation.errorCodes.some((entry) => entry.status === status))
    .map((status) => ({ value: `${status}:`, label: String(status) }));
  return [...coded, ...bare];
}

function toInput(
  operationId: Operation['operationId'],
  outcome: string,
  count: number,
  delayMs: number,
): FaultInput {
  const input: FaultInput = { operationId, count };
  if (delayMs > 0) input.delayMs = delayMs;
  if (outcome === DELAY_ONLY) return { ...input, delayMs: Math.max(delayMs, 1) };
  if (outcome === UNDECLARED) return { ...input, status: 418 };
  const [status, code] = outcome.split(':');
  return { ...input, status: Number(status), ...(code ? { code: code as FaultInput['code'] } : {}) };
}

type NumberFieldProps = {
  label: string;
  min: number;
  max: number;
  step?: number;
  value: number;
  onChange: (value: number) => void;
};

/** A whole number kept within `min`..`max` (an empty or invalid entry counts as `min`). */
function NumberField({ label, min, max, step, value, onChange }: NumberFieldProps) {
  return (
    <label className="simulator__field simulator__field--narrow">
      <span>{label}</span>
      <input
        type="number"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(Math.min(max, Math.max(min, Number(event.target.value) || min)))}
      />
    </label>
  );
}

/** Make the next calls of an operation fail with an answer its contract declares, or wait. */
export function FaultsSection() {
  const { t } = useTranslation('simulator');
  const operations = $api.useQuery(
    'get',
    '/api/v1/sim/operations',
    {},
    { staleTime: Number.POSITIVE_INFINITY },
  );
  const faults = $api.useQuery('get', '/api/v1/sim/faults');
  const failed = useSimulatorFailure();
  const [operationId, setOperationId] = useState('');
  const [outcome, setOutcome] = useState('');
  const [count, setCount] = useState(1);
  const [delayMs, setDelayMs] = useState(0);
  const refresh = () => faults.refetch();
  const inject = $api.useMutation('post', '/api/v1/sim/faults', { onSuccess: refresh, onError: failed });
  const clear = $api.useMutation('delete', '/api/v1/sim/faults', { onSuccess: refresh, onError: failed });
  const operation = operations.data?.find((entry) => entry.operationId === operationId);
  const outcomes = outcomesOf(operation);
  const chosen = outcome || outcomes[0]?.value || DELAY_ONLY;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (operation) inject.mutate({ body: toInput(operation.operationId, chosen, count, delayMs) });
  };
  return (
    <SectionState query={operations}>
      <form className="simulator__form" onSubmit={submit}>
        <label className="simulator__field">
          <span>{t('faults.operation')}</span>
          <select
            value={operationId}
            onChange={(event) => {
              setOperationId(event.target.value);
              setOutcome('');
            }}
          >
            <option value="">{t('faults.chooseOperation')}</option>
            {operations.data?.map((entry) => (
              <option key={entry.operationId} value={entry.operationId}>
                {entry.operationId} — {entry.method} {entry.path}
              </option>
            ))}
          </select>
        </label>
        <label className="simulator__field">
          <span>{t('faults.answer')}</span>
          <select value={chosen} onChange={(event) => setOutcome(event.target.value)} disabled={!operation}>
            {outcomes.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.label}
              </option>
            ))}
            <option value={DELAY_ONLY}>{t('faults.delayOnly')}</option>
            <option value={UNDECLARED}>{t('faults.undeclared')}</option>
          </select>
        </label>
        <div className="simulator__row">
          <NumberField label={t('faults.count')} min={1} max={100} value={count} onChange={setCount} />
          <NumberField
            label={t('faults.delay')}
            min={0}
            max={60000}
            step={100}
            value={delayMs}
            onChange={setDelayMs}
          />
        </div>
        <div className="simulator__row">
          <Button size="sm" type="submit" disabled={!operation} loading={inject.isPending}>
            {t('faults.inject')}
          </Button>
          <Button size="sm" variant="secondary" loading={clear.isPending} onClick={() => clear.mutate({})}>
            {t('faults.clear')}
          </Button>
        </div>
      </form>
      <SectionList
        query={faults}
        label={t('faults.active')}
        emptyText={t('faults.none')}
        getKey={(fault) => fault.id}
        renderItem={(fault) => (
          <>
            <span>
              {fault.operationId}: {fault.status ?? ''} {fault.code ?? ''}
              {fault.delayMs ? ` +${fault.delayMs} ms` : ''}
            </span>
            <span className="simulator__muted">{t('faults.remaining', { count: fault.remaining })}</span>
          </>
        )}
      />
    </SectionState>
  );
}
