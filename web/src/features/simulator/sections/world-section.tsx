import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { unwrap } from '../../../lib/api/api-error.ts';
import { $api, client } from '../../../lib/api/client.ts';
import { formatDateTime } from '../../../lib/intl-format.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';
import { SectionList, SectionState } from '../section-state.tsx';
import { useSimulatorFailure, useWorldChanged } from '../use-world-change.ts';

/** The shared world or this browser's sandbox: start one from a scenario, or leave it. */
function SandboxControls({ scenario }: { scenario: string }) {
  const { t } = useTranslation('simulator');
  const sandbox = $api.useQuery('get', '/api/v1/sim/sandbox');
  const worldChanged = useWorldChanged();
  const failed = useSimulatorFailure();
  const options = { onSuccess: () => worldChanged(), onError: failed };
  const create = $api.useMutation('post', '/api/v1/sim/sandboxes', options);
  const leave = $api.useMutation('delete', '/api/v1/sim/sandbox', options);
  const id = sandbox.data?.id;
  return (
    <SectionState query={sandbox}>
      <p className="simulator__status" aria-live="polite">
        {id
          ? t('world.inSandbox', {
              id,
              expires: formatDateTime(sandbox.data?.expiresAt),
            })
          : t('world.shared')}
      </p>
      <div className="simulator__row">
        <Button size="sm" loading={create.isPending} onClick={() => create.mutate({ body: { scenario } })}>
          {id ? t('world.newSandbox') : t('world.startSandbox')}
        </Button>
        {id && (
          <Button size="sm" variant="secondary" loading={leave.isPending} onClick={() => leave.mutate({})}>
            {t('world.leaveSandbox')}
          </Button>
        )}
      </div>
    </SectionState>
  );
}

/** Loads a scenario into the current world; the persona stays signed in when it exists there. */
function ScenarioControls({
  scenario,
  onScenario,
}: {
  scenario: string;
  onScenario: (name: string) => void;
}) {
  const { t } = useTranslation('simulator');
  const scenarios = $api.useQuery('get', '/api/v1/sim/scenarios');
  const worldChanged = useWorldChanged();
  const failed = useSimulatorFailure();
  const notify = useNotify();
  const [loading, setLoading] = useState(false);
  async function load() {
    setLoading(true);
    try {
      // The server carries this browser's session over when the scenario has the same account.
      await unwrap(client.POST('/api/v1/sim/reset', { body: { scenario } }));
      await worldChanged();
      notify.success(t('world.loaded', { scenario }));
    } catch (error) {
      failed(error);
    } finally {
      setLoading(false);
    }
  }
  return (
    <SectionState query={scenarios}>
      <div className="simulator__row">
        <label className="simulator__field">
          <span>{t('world.scenario')}</span>
          <select value={scenario} onChange={(event) => onScenario(event.target.value)}>
            {scenarios.data?.map((entry) => (
              <option key={entry.name} value={entry.name}>
                {entry.title} ({entry.name})
              </option>
            ))}
          </select>
        </label>
        <Button size="sm" variant="secondary" loading={loading} onClick={load}>
          {t('world.loadScenario')}
        </Button>
      </div>
    </SectionState>
  );
}

/** Named snapshots of the whole world: save, restore (state equal afterwards), delete. */
function SnapshotControls() {
  const { t } = useTranslation('simulator');
  const [name, setName] = useState('');
  const snapshots = $api.useQuery('get', '/api/v1/sim/snapshots');
  const worldChanged = useWorldChanged();
  const failed = useSimulatorFailure();
  const notify = useNotify();
  const refresh = () => snapshots.refetch();
  const save = $api.useMutation('post', '/api/v1/sim/snapshots', {
    onSuccess: (saved) => {
      setName('');
      notify.success(t('snapshots.saved', { name: saved.name }));
      return refresh();
    },
    onError: failed,
  });
  const restore = $api.useMutation('post', '/api/v1/sim/snapshots/{name}/restore', {
    onSuccess: () => worldChanged(),
    onError: failed,
  });
  const remove = $api.useMutation('delete', '/api/v1/sim/snapshots/{name}', {
    onSuccess: refresh,
    onError: failed,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) save.mutate({ body: { name: name.trim() } });
  };
  return (
    <>
      <form className="simulator__row" onSubmit={submit}>
        <label className="simulator__field">
          <span>{t('snapshots.name')}</span>
          <input
            value={name}
            maxLength={60}
            pattern="[A-Za-z0-9][A-Za-z0-9 _\-]*"
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <Button size="sm" type="submit" loading={save.isPending} disabled={!name.trim()}>
          {t('snapshots.save')}
        </Button>
      </form>
      <SectionList
        query={snapshots}
        label={t('snapshots.list')}
        emptyText={t('snapshots.none')}
        getKey={(snapshot) => snapshot.name}
        renderItem={(snapshot) => (
          <>
            <span>
              {snapshot.name} <span className="simulator__muted">{formatDateTime(snapshot.createdAt)}</span>
            </span>
            <span className="simulator__row">
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('snapshots.restoreNamed', { name: snapshot.name })}
                loading={restore.isPending && restore.variables?.params.path.name === snapshot.name}
                onClick={() => restore.mutate({ params: { path: { name: snapshot.name } } })}
              >
                {t('snapshots.restore')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('snapshots.deleteNamed', { name: snapshot.name })}
                onClick={() => remove.mutate({ params: { path: { name: snapshot.name } } })}
              >
                {t('snapshots.delete')}
              </Button>
            </span>
          </>
        )}
      />
    </>
  );
}

export function WorldSection() {
  const { t } = useTranslation('simulator');
  const [scenario, setScenario] = useState('demo');
  return (
    <>
      <h3 className="simulator__heading">{t('world.sandboxTitle')}</h3>
      <SandboxControls scenario={scenario} />
      <h3 className="simulator__heading">{t('world.scenarioTitle')}</h3>
      <ScenarioControls scenario={scenario} onScenario={setScenario} />
      <h3 className="simulator__heading">{t('snapshots.title')}</h3>
      <SnapshotControls />
    </>
  );
}
