import type { ContractDocument } from '@portal/contract/document';
import { indexOperations } from '@portal/contract/operations';
import type { components } from '@portal/contract/schema';
import { JOB_FAULT_OPERATION_ID } from './faults.ts';

type SimulationOperation = components['schemas']['SimulationOperation'];
type ErrorCode = components['schemas']['ErrorCode'];
type FaultableId = components['schemas']['FaultableOperationId'];

/** Each error code's status, from the contract's `x-error-catalogue`. */
export function errorCatalogue(document: ContractDocument): Record<string, { status: number }> {
  return (document['x-error-catalogue'] ?? {}) as Record<string, { status: number }>;
}

/**
 * The operations a fault can be injected on, each with the error statuses and codes the contract
 * declares for it: what the panel offers, so an injected fault is one the real back end may answer.
 */
export function faultableOperations(document: ContractDocument): SimulationOperation[] {
  const schemas = document.components?.schemas as Record<string, { enum?: string[] }> | undefined;
  const faultable = new Set(schemas?.FaultableOperationId?.enum ?? []);
  const catalogue = errorCatalogue(document);
  const operations: SimulationOperation[] = indexOperations(document)
    .operations.filter((operation) => faultable.has(operation.operationId))
    .map((operation) => ({
      operationId: operation.operationId as FaultableId,
      method: operation.method as SimulationOperation['method'],
      path: operation.path,
      summary: operation.summary ?? operation.operationId,
      statuses: operation.statuses.map(Number).filter((status) => status >= 400),
      errorCodes: (operation.errorCodes ?? [])
        .filter((code) => catalogue[code])
        .map((code) => ({ code: code as ErrorCode, status: catalogue[code]?.status ?? 500 })),
    }));
  operations.push({
    operationId: JOB_FAULT_OPERATION_ID,
    method: 'JOB',
    path: '(the next download job to finish)',
    summary: 'Background export job: ends FAILED',
    statuses: [500],
    errorCodes: [{ code: 'INTERNAL_ERROR', status: 500 }],
  });
  return operations;
}
