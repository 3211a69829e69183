export { probe } from './simulator/index.ts';
