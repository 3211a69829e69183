import type { ContractDocument } from '@portal/contract/document';
import type { components } from '@portal/contract/schema';
import { JOB_FAULT_OPERATION_ID } from './faults.ts';

type SimulationOperation = components['schemas']['SimulationOperation'];
type ErrorCode = components['schemas']['ErrorCode'];
type FaultableId = components['schemas']['FaultableOperationId'];

interface OperationObject {
  operationId?: string;
  summary?: string;
  responses?: Record<string, unknown>;
  'x-error-codes'?: string[];
}

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
  const operations: SimulationOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(item)) {
      const operation = value as OperationObject;
      if (!operation.operationId || !faultable.has(operation.operationId)) continue;
      const codes = (operation['x-error-codes'] ?? []).filter((code) => catalogue[code]);
      operations.push({
        operationId: operation.operationId as FaultableId,
        method: method.toUpperCase() as SimulationOperation['method'],
        path,
        summary: operation.summary ?? operation.operationId,
        statuses: Object.keys(operation.responses ?? {})
          .map(Number)
          .filter((status) => status >= 400),
        errorCodes: codes.map((code) => ({
          code: code as ErrorCode,
          status: catalogue[code]?.status ?? 500,
        })),
      });
    }
  }
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
