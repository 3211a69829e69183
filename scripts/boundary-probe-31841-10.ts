export { probe } from '/work/shared/notes/anything.ts';
