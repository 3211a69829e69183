import type { ContractDocument } from '@portal/contract/document';
import { type Expectation, errorCodeOf } from './answer-checks.ts';
import type { RequestSpec } from './contract-operations.ts';
import type { HttpAnswer } from './http-client.ts';
import { newcoRegistration, type Persona, personas as p } from './personas.ts';
import type { CaseContext } from './plan-types.ts';
import { jobProgression } from './progression.ts';

// The lifecycles as scenarios: each step's answer feeds the next request. A step fails on a wrong
// status, an answer that breaks the contract, or a check of its own (e.g. the new status). Where the
// contract lets a back end take its time (a download job), a step accepts every status the contract
// allows at that point and waits for the end within the lifecycle deadline.

type State = Record<string, string>;

export interface ScenarioStep {
  name: string;
  operationId: string;
  persona?: Persona;
  request?: (state: State) => Partial<RequestSpec>;
  expect: Expectation;
  /** Reads the answer into the state; answers a problem when the answer is not what the step expects. */
  verify?: (answer: HttpAnswer, state: State) => string | undefined;
  /** Runs instead of a call (e.g. waiting for a job); throws on failure. */
  wait?: (context: CaseContext, state: State) => Promise<void>;
}

export interface Scenario {
  name: string;
  steps: ScenarioStep[];
}

const field = (answer: HttpAnswer, name: string) =>
  String((answer.json as Record<string, unknown>)?.[name] ?? '');
const statusIs =
  (expected: string, save?: (answer: HttpAnswer, state: State) => void) =>
  (answer: HttpAnswer, state: State) => {
    save?.(answer, state);
    const status = field(answer, 'status');
    return status === expected ? undefined : `status is ${status || 'missing'}, expected ${expected}`;
  };
const tokenOf = (state: State) => state.link?.split('/').pop() ?? '';

/** The download job of `state.job` completes, then `persona` gets its link and downloads a zip. */
const exportSteps = (persona: Persona, who: string): ScenarioStep[] => [
  {
    name: 'the download job completes',
    operationId: 'listDownloadJobs',
    expect: { status: 200 },
    wait: (context, state) => context.waitForJob(persona, state.job ?? '', state.jobStatus),
  },
  {
    name: `${who} gets the download link`,
    operationId: 'getDownloadLink',
    persona,
    request: (state) => ({ params: { jobId: state.job ?? '' } }),
    expect: { status: 200 },
    verify: (answer, state) => {
      state.link = field(answer, 'link');
      return state.link ? undefined : 'no link in the answer';
    },
  },
  {
    name: `${who} downloads a zip`,
    operationId: 'downloadExport',
    persona,
    request: (state) => ({ params: { token: tokenOf(state) } }),
    expect: { status: 200 },
    verify: (answer) =>
      answer.contentType.includes('zip')
        ? undefined
        : `content type is ${answer.contentType}, expected a zip`,
  },
];

/** The lifecycles, with the progressions the contract allows. */
export function lifecycles(document: ContractDocument): Scenario[] {
  const jobs = jobProgression(document);
  /** Keeps a new job's id and status; its status must be one a new job may have. */
  const newJob = (answer: HttpAnswer, state: State) => {
    state.job = field(answer, 'id');
    state.jobStatus = field(answer, 'status');
    return state.job ? jobs.step(undefined, state.jobStatus) : 'no job id in the answer';
  };
  return [
    {
      name: 'invitation lifecycle: create, redeem, accept, download, revoke, access lost',
      steps: [
        {
          name: 'owner creates an invitation',
          operationId: 'createInvitation',
          persona: p.owner,
          request: () => ({ body: [{ productId: 'prod-veh-1', includeSensitiveData: true }] }),
          expect: { status: 201 },
          verify: (answer, state) => {
            state.code = field(answer, 'code');
            return state.code ? undefined : 'no access code in the answer';
          },
        },
        {
          name: 'company redeems the code',
          operationId: 'redeemInvitationCode',
          persona: p.fleet,
          request: (state) => ({ params: { code: state.code ?? '' } }),
          expect: { status: 200 },
          verify: statusIs('CLAIMED', (answer, state) => {
            state.invitation = field(answer, 'invitationId');
          }),
        },
        {
          name: 'owner accepts the company',
          operationId: 'decideInvitation',
          persona: p.owner,
          request: (state) => ({ params: { id: state.invitation ?? '', decision: 'accept' } }),
          expect: { status: 200 },
          verify: statusIs('ACCEPTED'),
        },
        {
          name: "company starts a download of the owner's data",
          operationId: 'createInvitationDownload',
          persona: p.fleet,
          request: (state) => ({ params: { invitationId: state.invitation ?? '' } }),
          expect: { status: 201 },
          verify: newJob,
        },
        ...exportSteps(p.fleet, 'company'),
        {
          name: 'owner revokes the invitation',
          operationId: 'revokeInvitation',
          persona: p.owner,
          request: (state) => ({ params: { id: state.invitation ?? '' } }),
          expect: { status: 200 },
          verify: statusIs('REVOKED_AFTER_ACCEPTED'),
        },
        {
          name: 'company can no longer start a download',
          operationId: 'createInvitationDownload',
          persona: p.fleet,
          request: (state) => ({ params: { invitationId: state.invitation ?? '' } }),
          expect: { status: 409, code: 'INVALID_INVITATION_STATE' },
        },
        {
          name: 'company can no longer fetch the finished export',
          operationId: 'getDownloadLink',
          persona: p.fleet,
          request: (state) => ({ params: { jobId: state.job ?? '' } }),
          expect: { status: 409, code: 'INVALID_INVITATION_STATE' },
        },
      ],
    },
    {
      name: 'export job progression: created, completed, link, zip',
      steps: [
        {
          name: 'owner starts a download of all products',
          operationId: 'createProductsDownload',
          persona: p.owner,
          expect: { status: 201 },
          verify: newJob,
        },
        {
          name: 'the link is refused until the job completes (given at once if it already has)',
          operationId: 'getDownloadLink',
          persona: p.owner,
          request: (state) => ({ params: { jobId: state.job ?? '' } }),
          expect: { status: [200, 409] },
          verify: (answer, state) => {
            if (answer.status === 409 && errorCodeOf(answer.json) !== 'JOB_NOT_READY')
              return `expected error code JOB_NOT_READY, got ${errorCodeOf(answer.json) ?? 'none'}`;
            if (answer.status === 409 && state.jobStatus === 'COMPLETED')
              return 'the job was answered COMPLETED, yet its link is refused as not ready';
            return undefined;
          },
        },
        ...exportSteps(p.owner, 'owner'),
      ],
    },
    {
      name: 'registration and approval: documents, submit, in review, approved',
      steps: [
        {
          name: 'new company uploads its documents',
          operationId: 'uploadAgentFiles',
          persona: p.newco,
          expect: { status: 201 },
          wait: async (context, state) => {
            state.files = [
              await context.uploadPdf(p.newco, 'REGISTRATION'),
              await context.uploadPdf(p.newco, 'REPRESENTATIVE'),
            ].join(',');
          },
        },
        {
          name: 'new company submits its registration',
          operationId: 'submitAgentRegistration',
          persona: p.newco,
          request: (state) => ({ body: newcoRegistration('large', (state.files ?? '').split(',')) }),
          expect: { status: 201 },
          verify: statusIs('pending'),
        },
        {
          name: 'the company sees its registration in review',
          operationId: 'getAgentStatus',
          persona: p.newco,
          expect: { status: 200 },
          verify: statusIs('pending'),
        },
        {
          name: 'admin finds the application among the pending ones',
          operationId: 'listAgentApplications',
          persona: p.admin,
          request: () => ({ query: { status: 'pending' } }),
          expect: { status: 200 },
          verify: (answer, state) => {
            const list = (answer.json as Array<{ id: string; email: string }> | undefined) ?? [];
            state.application = list.find((application) => application.email === p.newco)?.id ?? '';
            return state.application ? undefined : `${p.newco} is not among the pending applications`;
          },
        },
        {
          name: 'admin approves the application',
          operationId: 'approveAgentApplication',
          persona: p.admin,
          request: (state) => ({ params: { id: state.application ?? '' } }),
          expect: { status: 200 },
          verify: statusIs('active'),
        },
        {
          name: 'the company is active',
          operationId: 'getAgentStatus',
          persona: p.newco,
          expect: { status: 200 },
          verify: statusIs('active'),
        },
      ],
    },
  ];
}
