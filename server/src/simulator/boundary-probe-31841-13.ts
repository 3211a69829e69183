export { probe } from '../services/jobs.ts';
