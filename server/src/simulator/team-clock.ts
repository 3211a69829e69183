// One simulated clock for a team of instances (issue 24). Each instance runs the clock in memory (it
// is read on every call); a change of speed, a skip ahead or a reset is stored in `SimState` and sent to
// the other instances on the team signal, which take the very same state over at once. An instance
// that starts later, or whose signal connection was lost, takes the stored state over when it connects.
import type { FastifyBaseLogger } from 'fastify';
import { isPostgres } from '../db/engine.ts';
import { writeRows } from '../db/row-writes.ts';
import { listenToTeam, notifyTeam, type TeamListener, type TeamMessage } from '../db/team-signal.ts';
import type { PortalDeps } from '../deps.ts';
import type { ClockState } from '../lib/clock.ts';

type ClockDeps = Pick<PortalDeps, 'prisma' | 'clock' | 'config'>;

/** Stores the clock's state in the world's database and, on PostgreSQL, tells the team's other instances. */
export async function shareClock({ prisma, clock, config }: ClockDeps): Promise<void> {
  const state = clock.state();
  const row = {
    speed: state.speed,
    realAnchor: new Date(state.realAnchor),
    simAnchor: new Date(state.simAnchor),
  };
  await writeRows(prisma, [{ upsert: 'SimState', where: { id: 1 }, set: row }]);
  if (isPostgres(config.databaseUrl)) await notifyTeam(prisma, { kind: 'clock', ...state });
}

const isClockMessage = (message: TeamMessage): message is TeamMessage & ClockState =>
  message.kind === 'clock' &&
  typeof message.speed === 'number' &&
  typeof message.realAnchor === 'number' &&
  typeof message.simAnchor === 'number';

/**
 * On PostgreSQL, keeps this instance's clock on the team's: started and stopped with the world. On
 * SQLite (one instance per database) it does nothing.
 */
export function followTeamClock(deps: ClockDeps, log: FastifyBaseLogger) {
  let listener: TeamListener | undefined;
  const adoptStored = async () => {
    const stored = await deps.prisma.simState.findUnique({ where: { id: 1 } });
    if (!stored) return;
    deps.clock.adopt({
      speed: stored.speed,
      realAnchor: stored.realAnchor.getTime(),
      simAnchor: stored.simAnchor.getTime(),
    });
  };
  return {
    async start(): Promise<void> {
      if (!isPostgres(deps.config.databaseUrl) || listener) return;
      listener = listenToTeam(deps.config.databaseUrl, {
        onMessage(message) {
          if (!isClockMessage(message)) return;
          const { speed, realAnchor, simAnchor } = message;
          try {
            deps.clock.adopt({ speed, realAnchor, simAnchor });
          } catch (error) {
            log.warn({ err: error }, 'team clock: a state that cannot be taken over was ignored');
          }
        },
        onConnected: () =>
          adoptStored().catch((error: unknown) =>
            log.warn({ err: error }, 'team clock: reading the stored state failed'),
          ),
        onError: (error) => log.warn({ err: error }, 'team signal: connection lost; reconnecting'),
      });
      await listener.ready;
    },
    async stop(): Promise<void> {
      await listener?.close();
      listener = undefined;
    },
  };
}
