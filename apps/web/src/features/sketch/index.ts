// Front door of features/sketch (issue 22: the sketch pad). The routes load the page on demand
// (app/routes.tsx); nothing else imports this feature.
export { EMPTY_SKETCH, toSketchDoc, type SketchDoc } from './sketchModel';
