export { probe } from '../simulator/simulation.ts';
