// Where the time of a V8 CPU profile (`node --cpu-prof`, e.g. `scripts/bench-api.ts --cpu-prof DIR`)
// goes, as text: the functions with the most self time, and the packages and source folders with the
// most self and total (inclusive) time. Open the same file in Chrome DevTools (Performance) or
// https://www.speedscope.app for the flame graph.
// Usage: node --import tsx scripts/bench/profile-summary.ts FILE.cpuprofile [--top 40]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const topIndex = process.argv.indexOf('--top');
const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 40;
if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [--top N]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const self = new Map<number, number>();
profile.samples.forEach((id, index) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});

/** The package (node_modules/NAME) or repository folder of a script URL. */
function placeOf(url: string): string {
  if (!url) return '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1] as string;
  if (url.startsWith('node:')) return 'node:';
  const source = /\/(server|web|contract|conformance|scripts)\/(src\/)?([^/]+)/.exec(url);
  return source ? `${source[1]}/${source[3]}` : url;
}
const label = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${placeOf(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;

const total = [...self.values()].reduce((sum, value) => sum + value, 0);
const idle = [...self.entries()]
  .filter(([id]) => ['(idle)', '(program)'].includes(byId.get(id)?.callFrame.functionName ?? ''))
  .reduce((sum, [, value]) => sum + value, 0);
const busy = total - idle;
const share = (value: number) => `${((100 * value) / busy).toFixed(1).padStart(5)} %`;

const selfByLabel = new Map<string, number>();
const selfByPlace = new Map<string, number>();
const totalByPlace = new Map<string, number>();
for (const [id, time] of self) {
  const node = byId.get(id);
  if (!node || ['(idle)', '(program)'].includes(node.callFrame.functionName)) continue;
  selfByLabel.set(label(node), (selfByLabel.get(label(node)) ?? 0) + time);
  const place =
    node.callFrame.functionName === '(garbage collector)'
      ? '(garbage collector)'
      : placeOf(node.callFrame.url);
  selfByPlace.set(place, (selfByPlace.get(place) ?? 0) + time);
  // Inclusive: each place on the sample's stack counts once.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at);
    if (!frame) break;
    const framePlace = placeOf(frame.callFrame.url);
    if (!seen.has(framePlace)) {
      seen.add(framePlace);
      totalByPlace.set(framePlace, (totalByPlace.get(framePlace) ?? 0) + time);
    }
  }
}
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, time] of [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${share(time)}  ${name}`);
  }
};
console.log(`${file}: ${(busy / 1000).toFixed(0)} ms busy of ${(total / 1000).toFixed(0)} ms sampled`);
print('Self time by function', selfByLabel);
print('Self time by package or folder', selfByPlace);
print('Total time by package or folder (inclusive)', totalByPlace);
