/**
 * Registers the catalogue (src/schemas/index.ts: screens and the account dialogs' forms) and every part (parts.ts) with the engine; the
 * screen of a menu path follows from them (engine/routes/declaredScreens.ts). Loaded
 * with the first section route (boot.tsx: registerScreensWith), so the sign-in page loads none
 * of it; reads the JSON declarations only (no validator).
 */
import { registerDeclarations, registerForms } from '../engine/declarations/catalogue';
import { DECLARATION_FILES, FORM_FILES } from '../schemas/index';
import './parts';

registerDeclarations(DECLARATION_FILES);
// The account dialogs' forms (src/schemas/session): they wait for this registration too.
registerForms(FORM_FILES);

export { crudPaths, preloadScreen, screenFor, screenPaths, type RegisteredKind } from '../engine/routes/declaredScreens';
