import { unwrap } from '../../../lib/api/api-error.ts';
import { client } from '../../../lib/api/client.ts';
import type { Schemas } from '../../../lib/api/types.ts';

/** POST /api/v1/agents/files/upload/section/{section}: multipart, the field `file` repeated. */
export function uploadAgentFiles(section: Schemas['AgentFileSection'], files: readonly File[]) {
  return unwrap(
    client.POST('/api/v1/agents/files/upload/section/{section}', {
      params: { path: { section } },
      // The typed body only describes the parts; the serializer sends the File objects themselves.
      body: { file: [] },
      bodySerializer: () => {
        const form = new FormData();
        for (const file of files) form.append('file', file, file.name);
        return form;
      },
    }),
  );
}

export async function deleteAgentFile(id: string): Promise<void> {
  await unwrap(client.DELETE('/api/v1/agents/file/{id}', { params: { path: { id } } }));
}
