// a route only condo's sandbox serves, said plainly where a server has none (app/served.ts)
export { ifServed, notServed, viaExtension } from '../app/served.js';
