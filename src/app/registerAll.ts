/**
 * Registers the catalogue (src/schemas/index.ts) and every part (parts.ts) with the engine; the
 * screen of a menu path follows from them (engine/routes/declaredScreens.ts). Loaded
 * with the first section route (boot.tsx: registerScreensWith), so the sign-in page loads none
 * of it; reads the JSON declarations only (no validator).
 */
import { registerDeclarations } from '../engine/declarations/catalogue';
import { DECLARATION_FILES } from '../schemas/index';
import './parts';

registerDeclarations(DECLARATION_FILES);

export { crudPaths, preloadScreen, screenFor, screenPaths, type RegisteredKind } from '../engine/routes/declaredScreens';
