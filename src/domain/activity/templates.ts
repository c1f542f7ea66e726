/**
 * Game templates (SPEC.md 1 "the nine games", 3 "Game template", enum GameType): what each of
 * the nine games keeps in a template's `core`, written once for the admin (the style dialog
 * and its live miniature), the server (body checks) and the lottery wizard (step 1 lists
 * templates by game type and copies `core` into the activity).
 *
 * `core` is a flat JSON object keyed by the game's style keys (SPEC's spelling where SPEC names
 * one: LogoImage, WheelTitleImage, BackImage, WheelImage, ButtonImage, ResultWinBackgroundImage,
 * RecordImage, wheelColor, wheelColor1, wheelColor2, textColor, SpinCenter):
 *   - an `image` key holds an upload address ('/files/<key>' from POST
 *     marketing/activity-template/files) or is absent (the game's built-in art is used);
 *   - a `color` key holds '#rrggbb' (lower case) and is always present: a create without it
 *     gets the default below;
 *   - an `images` key (ring toss dolls 9, guess card icons 8, baseball grids 9) holds an array
 *     of exactly `count` entries, each an upload address or '' (built-in art for that slot).
 * Any other key is refused (code 1 `unknownField` on `core.<key>`).
 *
 * Each game also has a fixed 32-character type code and a view key (SPEC: wheel view_wheel,
 * scratch view_lucky; the other codes are not shown in SPEC, so they are defined here and
 * never change: the consumer game page and the lottery activity refer to a game by them).
 */
import { GameType } from '../enums';

export type GameTypeValue = Exclude<(typeof GameType)[keyof typeof GameType], 0>;

export type StyleKeyKind = 'image' | 'color' | 'images';

export interface StyleKey {
  key: string;
  kind: StyleKeyKind;
  /** Colours: the default '#rrggbb'. */
  default?: string;
  /** Images lists: how many slots (exactly). */
  count?: number;
}

export interface GameDefinition {
  gameType: GameTypeValue;
  /** Fixed 32-character type code of the game. */
  typeCode: string;
  /** The consumer page's view key of the game. */
  viewKey: string;
  /** English short name (i18n labels are under `activity.games.<viewKey>`). */
  name: string;
  styleKeys: readonly StyleKey[];
}

const img = (key: string): StyleKey => ({ key, kind: 'image' });
const color = (key: string, value: string): StyleKey => ({ key, kind: 'color', default: value });
const images = (key: string, count: number): StyleKey => ({ key, kind: 'images', count });

/** Keys every game shows: the page logo and background, the win result and the record page. */
const FRAME = [img('LogoImage'), img('BackImage')] as const;
const RESULT = [img('ResultWinBackgroundImage'), img('RecordImage')] as const;

export const GAMES: readonly GameDefinition[] = [
  {
    gameType: GameType.Scratch, typeCode: '5c1a7e3f0b9d4a62a8e1f3c7d2b60001', viewKey: 'view_lucky', name: 'Scratch card',
    styleKeys: [...FRAME, img('TitleImage'), img('CardImage'), img('CoverImage'), img('ButtonImage'), ...RESULT,
      color('coverColor', '#b8bcc4'), color('cardColor', '#fff4d6'), color('textColor', '#7a2e12')],
  },
  {
    gameType: GameType.Wheel, typeCode: '5c1a7e3f0b9d4a62a8e1f3c7d2b60002', viewKey: 'view_wheel', name: 'Roulette wheel',
    styleKeys: [img('LogoImage'), img('WheelTitleImage'), img('BackImage'), img('WheelImage'), img('ButtonImage'), ...RESULT,
      color('wheelColor', '#b83a24'), color('wheelColor1', '#ffd45c'), color('wheelColor2', '#fff7e0'), color('textColor', '#7a2e12'),
      img('SpinCenter')],
  },
  {
    gameType: GameType.RedEnvelope, typeCode: '5c1a7e3f0b9d4a62a8e1f3c7d2b60003', viewKey: 'view_redenvelope', name: 'Red envelope rain',
    styleKeys: [...FRAME, img('TitleImage'), img('EnvelopeImage'), img('ButtonImage'), ...RESULT,
      color('envelopeColor', '#d7261e'), color('backgroundColor', '#fbe3c0'), color('textColor', '#ffe9a8')],
  },
  {
    gameType: GameType.RingToss, typeCode: '5c1a7e3f0b9d4a62a8e1f3c7d2b60004', viewKey: 'view_ringtoss', name: 'Ring toss',
    styleKeys: [...FRAME, img('TitleImage'), img('RingImage'), img('ButtonImage'), images('DollImages', 9), ...RESULT,
      color('ringColor', '#f29c1f'), color('backgroundColor', '#dff3ff'), color('textColor', '#1f3b57')],
  },
  {
    gameType: GameType.Mary, typeCode: '5c1a7e3f0b9d4a62a8e1f3c7d2b60005', viewKey: 'view_mary', name: 'Little Mary',
    styleKeys: [...FRAME, img('TitleImage'), img('ButtonImage'), images('PrizeImages', 8), ...RESULT,
      color('cellColor', '#fff4d6'), color('lightColor', '#ffcf33'), color('textColor', '#7a2e12')],
  },
  {
    gameType: GameType.Darts, typeCode: '5c1a7e3f0b9d4a62a8e1f3c7d2b60006', viewKey: 'view_darts', name: 'Darts',
    styleKeys: [...FRAME, img('TitleImage'), img('BoardImage'), img('DartImage'), img('ButtonImage'), ...RESULT,
      color('boardColor1', '#1f1f1f'), color('boardColor2', '#f3e6c8'), color('textColor', '#ffffff')],
  },
  {
    gameType: GameType.GuessCard, typeCode: '5c1a7e3f0b9d4a62a8e1f3c7d2b60007', viewKey: 'view_guesscard', name: 'Guess card',
    styleKeys: [...FRAME, img('TitleImage'), img('CardBackImage'), images('CardIcons', 8), ...RESULT,
      color('cardColor', '#3a6fd8'), color('backgroundColor', '#eaf1ff'), color('textColor', '#1b2b4b')],
  },
  {
    gameType: GameType.Puzzle, typeCode: '5c1a7e3f0b9d4a62a8e1f3c7d2b60008', viewKey: 'view_puzzle', name: 'Puzzle',
    styleKeys: [...FRAME, img('TitleImage'), img('PuzzleImage'), img('ButtonImage'), ...RESULT,
      color('frameColor', '#6a4bc4'), color('backgroundColor', '#f1ecff'), color('textColor', '#2d1f5c')],
  },
  {
    gameType: GameType.Baseball, typeCode: '5c1a7e3f0b9d4a62a8e1f3c7d2b60009', viewKey: 'view_baseball', name: 'Baseball grid',
    styleKeys: [...FRAME, img('TitleImage'), img('BallImage'), img('ButtonImage'), images('GridImages', 9), ...RESULT,
      color('fieldColor', '#2f8f46'), color('gridColor', '#ffffff'), color('textColor', '#ffffff')],
  },
];

export const GAME_TYPES: readonly GameTypeValue[] = GAMES.map((g) => g.gameType);

export function isGameType(v: unknown): v is GameTypeValue {
  return typeof v === 'number' && (GAME_TYPES as readonly number[]).includes(v);
}

export function gameOf(gameType: number): GameDefinition | undefined {
  return GAMES.find((g) => g.gameType === gameType);
}

export function gameByTypeCode(code: string): GameDefinition | undefined {
  return GAMES.find((g) => g.typeCode === code);
}

export function gameByViewKey(viewKey: string): GameDefinition | undefined {
  return GAMES.find((g) => g.viewKey === viewKey);
}

/** A template's style settings: image addresses, '#rrggbb' colours, lists of addresses. */
export type TemplateCore = Record<string, string | string[]>;

export const HEX_COLOR = /^#[0-9a-f]{6}$/;
/** An upload address of this back office (also what checkStoredUpload looks up). */
export const UPLOAD_URL = /^\/files\/[A-Za-z0-9._-]{1,200}$/;
/** Template names: 1 to 50 characters, unique per tenant ignoring case (6711). */
export const TEMPLATE_NAME_MAX = 50;

/** The defaults of a new template of the game: every colour; images absent, image lists all ''. */
export function defaultCore(gameType: number): TemplateCore {
  const core: TemplateCore = {};
  for (const k of gameOf(gameType)?.styleKeys ?? []) {
    if (k.kind === 'color') core[k.key] = k.default!;
    else if (k.kind === 'images') core[k.key] = Array.from({ length: k.count! }, () => '');
  }
  return core;
}

/** `core` with the defaults filled in for what is missing (a colour, an image list). */
export function withDefaults(gameType: number, core: Record<string, unknown> | null | undefined): TemplateCore {
  const out: TemplateCore = defaultCore(gameType);
  for (const [k, v] of Object.entries(core ?? {})) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v)) out[k] = v.map((x) => (typeof x === 'string' ? x : ''));
  }
  return out;
}

export interface CoreProblem {
  /** Field path: 'core.wheelColor', 'core.DollImages.3'. */
  path: string;
  key: 'unknownField' | 'hexColor' | 'invalid' | 'count';
  params?: Record<string, unknown>;
}

/**
 * The shape check of a template's core for its game (the server adds: every address is an
 * image upload of the tenant). An empty list means it passes.
 */
export function checkCore(gameType: number, core: Record<string, unknown>): CoreProblem[] {
  const game = gameOf(gameType);
  if (!game) return [{ path: 'gameType', key: 'invalid' }];
  const problems: CoreProblem[] = [];
  const keys = new Map(game.styleKeys.map((k) => [k.key, k]));
  for (const [name, value] of Object.entries(core)) {
    const spec = keys.get(name);
    const path = `core.${name}`;
    if (!spec) {
      problems.push({ path, key: 'unknownField' });
      continue;
    }
    if (spec.kind === 'color') {
      if (typeof value !== 'string' || !HEX_COLOR.test(value)) problems.push({ path, key: 'hexColor' });
    } else if (spec.kind === 'image') {
      if (typeof value !== 'string' || (value !== '' && !UPLOAD_URL.test(value))) problems.push({ path, key: 'invalid' });
    } else {
      if (!Array.isArray(value) || value.length !== spec.count) {
        problems.push({ path, key: 'count', params: { count: spec.count } });
        continue;
      }
      value.forEach((v, i) => {
        if (typeof v !== 'string' || (v !== '' && !UPLOAD_URL.test(v))) problems.push({ path: `${path}.${i}`, key: 'invalid' });
      });
    }
  }
  return problems;
}

/** Every upload address a core names (to check they are the tenant's image uploads). */
export function coreImageUrls(core: TemplateCore): { path: string; url: string }[] {
  const out: { path: string; url: string }[] = [];
  for (const [k, v] of Object.entries(core)) {
    if (typeof v === 'string' && UPLOAD_URL.test(v)) out.push({ path: `core.${k}`, url: v });
    else if (Array.isArray(v)) v.forEach((u, i) => { if (UPLOAD_URL.test(u)) out.push({ path: `core.${k}.${i}`, url: u }); });
  }
  return out;
}

/** The image rule of template uploads (cover and style images): JPG/PNG up to 2 MB, any pixel size. */
export const TEMPLATE_IMAGE_RULE = { kind: 'image' as const, maxMB: 2 };

/** The list item and record of GET marketing/activity-template[/{id}]. */
export interface GameTemplateDto {
  id: number;
  name: string;
  gameType: GameTypeValue;
  /** The game's fixed type code and view key (derived from gameType). */
  typeCode: string;
  viewKey: string;
  coverUrl: string | null;
  core: TemplateCore;
  createdAt: string;
  updatedAt: string;
}
