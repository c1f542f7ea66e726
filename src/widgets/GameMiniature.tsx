/**
 * The live miniature of a game template: a phone-sized SVG of the game drawn from its style
 * settings (src/domain/activity/templates.ts), so the admin sees what a colour or an image
 * does while choosing it. Plain React + SVG, no game code: the wheel with its segments in
 * wheelColor1/wheelColor2, its rim in wheelColor and its labels in textColor; the scratch card
 * with its cover; the other games a simple composition of their images and colours. Images
 * that are not set show the game's own simple shapes (the consumer page's built-in art).
 */
import type { ReactNode } from 'react';
import { GameType } from '../domain/enums';
import { withDefaults, type TemplateCore } from '../domain/activity/templates';

export interface GameMiniatureProps {
  gameType: number;
  core: Record<string, unknown> | undefined;
  /** Resolves a stored address ('/files/x.png') to what the browser loads. */
  src: (url: string) => string | null;
  /** Labels drawn inside the miniature (already translated). */
  labels: { prize: (n: number) => string; start: string; scratch: string };
  title?: string;
}

const W = 180;
const H = 320;
const HEX = /^#[0-9a-fA-F]{6}$/;

function colorOf(core: TemplateCore, key: string, fallback: string): string {
  const v = core[key];
  return typeof v === 'string' && HEX.test(v) ? v : fallback;
}

function imageOf(core: TemplateCore, key: string): string | null {
  const v = core[key];
  return typeof v === 'string' && v !== '' ? v : null;
}

function listOf(core: TemplateCore, key: string, n: number): (string | null)[] {
  const v = core[key];
  const list = Array.isArray(v) ? v : [];
  return Array.from({ length: n }, (_, i) => (typeof list[i] === 'string' && list[i] !== '' ? list[i] : null));
}

/** A point on a circle (angle in degrees, 0 at the top, clockwise). */
function polar(cx: number, cy: number, r: number, deg: number): [number, number] {
  const a = ((deg - 90) * Math.PI) / 180;
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
}

function sector(cx: number, cy: number, r: number, from: number, to: number): string {
  const [x1, y1] = polar(cx, cy, r, from);
  const [x2, y2] = polar(cx, cy, r, to);
  return `M${cx},${cy} L${x1.toFixed(2)},${y1.toFixed(2)} A${r},${r} 0 0 1 ${x2.toFixed(2)},${y2.toFixed(2)} Z`;
}

export function GameMiniature({ gameType, core: raw, src, labels, title }: GameMiniatureProps) {
  const core = withDefaults(gameType, raw ?? {});
  // 'LogoImage', or a slot of a list: 'DollImages.3'.
  const img = (key: string) => {
    const [name, slot] = key.split('.');
    const url = slot === undefined ? imageOf(core, name) : listOf(core, name, Number(slot) + 1)[Number(slot)];
    return url ? src(url) : null;
  };
  const back = img('BackImage');
  const logo = img('LogoImage');
  const titleImage = img(gameType === GameType.Wheel ? 'WheelTitleImage' : 'TitleImage');
  const button = img('ButtonImage');
  const bg = colorOf(core, 'backgroundColor', gameType === GameType.Wheel ? '#fdf1e4' : gameType === GameType.Scratch ? '#fbeee0' : '#f4f1ea');
  // The start button and title take the game's leading colour.
  const ACCENT_KEY: Record<number, string> = {
    [GameType.Wheel]: 'wheelColor', [GameType.Puzzle]: 'frameColor', [GameType.GuessCard]: 'cardColor',
    [GameType.RedEnvelope]: 'envelopeColor', [GameType.RingToss]: 'ringColor', [GameType.Baseball]: 'fieldColor',
  };
  const accent = colorOf(core, ACCENT_KEY[gameType] ?? '', '#b83a24');

  let stage: ReactNode = null;
  switch (gameType) {
    case GameType.Wheel:
      stage = <Wheel core={core} img={img} labels={labels} />;
      break;
    case GameType.Scratch:
      stage = <Scratch core={core} img={img} labels={labels} />;
      break;
    case GameType.RedEnvelope:
      stage = <Envelopes core={core} img={img} />;
      break;
    case GameType.RingToss:
      stage = <Grid3 core={core} img={img} listKey="DollImages" count={9} cell={colorOf(core, 'backgroundColor', '#dff3ff')} ring={colorOf(core, 'ringColor', '#f29c1f')} />;
      break;
    case GameType.Mary:
      stage = <Mary core={core} img={img} />;
      break;
    case GameType.Darts:
      stage = <Darts core={core} img={img} />;
      break;
    case GameType.GuessCard:
      stage = <Cards core={core} img={img} />;
      break;
    case GameType.Puzzle:
      stage = <Puzzle core={core} img={img} />;
      break;
    case GameType.Baseball:
      stage = <Grid3 core={core} img={img} listKey="GridImages" count={9} cell={colorOf(core, 'fieldColor', '#2f8f46')} ring={colorOf(core, 'gridColor', '#ffffff')} />;
      break;
    default:
      stage = null;
  }

  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-label={title}
      data-testid="game-miniature"
      data-game-type={gameType}
      style={{ display: 'block', maxWidth: 240, borderRadius: 18, boxShadow: '0 6px 24px rgba(0,0,0,0.18)', background: '#111' }}
    >
      <defs>
        <clipPath id="mini-screen">
          <rect x="6" y="6" width={W - 12} height={H - 12} rx="14" />
        </clipPath>
      </defs>
      <g clipPath="url(#mini-screen)">
        <rect x="0" y="0" width={W} height={H} fill={bg} />
        {back && <image href={back} x="0" y="0" width={W} height={H} preserveAspectRatio="xMidYMid slice" data-testid="mini-back" />}
        {logo ? (
          <image href={logo} x="14" y="14" width="48" height="16" preserveAspectRatio="xMinYMid meet" />
        ) : (
          <rect x="14" y="16" width="36" height="10" rx="3" fill={accent} opacity="0.35" />
        )}
        {titleImage ? (
          <image href={titleImage} x="20" y="34" width={W - 40} height="34" preserveAspectRatio="xMidYMid meet" />
        ) : (
          <text x={W / 2} y="58" textAnchor="middle" fontSize="15" fontWeight="700" fill={accent} data-testid="mini-title">{title ?? ''}</text>
        )}
        <g transform="translate(0,76)">{stage}</g>
        {gameType !== GameType.Wheel && (button ? (
          <image href={button} x="45" y="266" width="90" height="30" preserveAspectRatio="xMidYMid meet" />
        ) : (
          <g>
            <rect x="45" y="268" width="90" height="26" rx="13" fill={accent} />
            <text x={W / 2} y="285" textAnchor="middle" fontSize="11" fontWeight="700" fill="#fff">{labels.start}</text>
          </g>
        ))}
      </g>
      <rect x="6" y="6" width={W - 12} height={H - 12} rx="14" fill="none" stroke="#000" strokeOpacity="0.25" />
    </svg>
  );
}

type Img = (key: string) => string | null;
interface StageProps {
  core: TemplateCore;
  img: Img;
}

function Wheel({ core, img, labels }: StageProps & { labels: GameMiniatureProps['labels'] }) {
  const cx = W / 2;
  const cy = 92;
  const r = 74;
  const n = 8;
  const c1 = colorOf(core, 'wheelColor1', '#ffd45c');
  const c2 = colorOf(core, 'wheelColor2', '#fff7e0');
  const rim = colorOf(core, 'wheelColor', '#b83a24');
  const text = colorOf(core, 'textColor', '#7a2e12');
  const face = img('WheelImage');
  const center = img('SpinCenter');
  const button = img('ButtonImage');
  return (
    <g data-testid="mini-wheel">
      <circle cx={cx} cy={cy} r={r + 7} fill={rim} data-testid="wheel-rim" />
      {Array.from({ length: n }, (_, i) => (
        <circle key={`bulb${i}`} cx={polar(cx, cy, r + 3.5, i * 45 + 22.5)[0]} cy={polar(cx, cy, r + 3.5, i * 45 + 22.5)[1]} r="1.6" fill="#fff" opacity="0.9" />
      ))}
      {face ? (
        <>
          <clipPath id="mini-wheel-face"><circle cx={cx} cy={cy} r={r} /></clipPath>
          <image href={face} x={cx - r} y={cy - r} width={r * 2} height={r * 2} clipPath="url(#mini-wheel-face)" preserveAspectRatio="xMidYMid slice" data-testid="wheel-face" />
        </>
      ) : (
        Array.from({ length: n }, (_, i) => (
          <path key={i} d={sector(cx, cy, r, i * (360 / n), (i + 1) * (360 / n))} fill={i % 2 === 0 ? c1 : c2} data-testid="wheel-segment" />
        ))
      )}
      {Array.from({ length: n }, (_, i) => {
        const mid = i * (360 / n) + 180 / n;
        const [x, y] = polar(cx, cy, r * 0.66, mid);
        return (
          <text key={`t${i}`} x={x} y={y} fontSize="7.5" fontWeight="700" fill={text} textAnchor="middle" dominantBaseline="middle" transform={`rotate(${mid} ${x} ${y})`} data-testid="wheel-label">
            {labels.prize(i + 1)}
          </text>
        );
      })}
      {center ? (
        <image href={center} x={cx - 22} y={cy - 30} width="44" height="52" preserveAspectRatio="xMidYMid meet" data-testid="wheel-center" />
      ) : (
        <g data-testid="wheel-center">
          <path d={`M${cx - 8},${cy - 12} L${cx},${cy - 30} L${cx + 8},${cy - 12} Z`} fill={rim} />
          <circle cx={cx} cy={cy} r="16" fill={rim} stroke="#fff" strokeWidth="2.5" />
          <text x={cx} y={cy + 1} textAnchor="middle" dominantBaseline="middle" fontSize="7" fontWeight="800" fill="#fff">{labels.start}</text>
        </g>
      )}
      {button ? (
        <image href={button} x="45" y="186" width="90" height="30" preserveAspectRatio="xMidYMid meet" />
      ) : (
        <g>
          <rect x="45" y="190" width="90" height="26" rx="13" fill={rim} />
          <text x={W / 2} y="207" textAnchor="middle" fontSize="11" fontWeight="700" fill="#fff">{labels.start}</text>
        </g>
      )}
    </g>
  );
}

function Scratch({ core, img, labels }: StageProps & { labels: GameMiniatureProps['labels'] }) {
  const card = colorOf(core, 'cardColor', '#fff4d6');
  const cover = colorOf(core, 'coverColor', '#b8bcc4');
  const text = colorOf(core, 'textColor', '#7a2e12');
  const cardImage = img('CardImage');
  const coverImage = img('CoverImage');
  return (
    <g data-testid="mini-scratch">
      <rect x="18" y="10" width={W - 36} height="150" rx="10" fill={card} stroke={text} strokeOpacity="0.25" data-testid="scratch-card" />
      {cardImage && <image href={cardImage} x="18" y="10" width={W - 36} height="150" preserveAspectRatio="xMidYMid slice" />}
      <text x={W / 2} y="96" textAnchor="middle" fontSize="16" fontWeight="800" fill={text}>{labels.prize(1)}</text>
      <clipPath id="mini-scratch-cover">
        {/* The cover with a scratched patch over the middle: part of the prize shows through. */}
        <path d={`M30,40 H${W - 30} V140 H30 Z M52,84 C66,70 96,74 112,78 C124,81 132,92 120,104 C104,112 72,110 58,104 C48,99 44,92 52,84 Z`} clipRule="evenodd" />
      </clipPath>
      <g clipPath="url(#mini-scratch-cover)">
        <rect x="30" y="40" width={W - 60} height="100" rx="6" fill={cover} data-testid="scratch-cover" />
        {coverImage && <image href={coverImage} x="30" y="40" width={W - 60} height="100" preserveAspectRatio="xMidYMid slice" />}
      </g>
      <text x={W / 2} y="130" textAnchor="middle" fontSize="10" fontWeight="700" fill={text} opacity="0.85">{labels.scratch}</text>
    </g>
  );
}

function Envelopes({ core, img }: StageProps) {
  const color = colorOf(core, 'envelopeColor', '#d7261e');
  const text = colorOf(core, 'textColor', '#ffe9a8');
  const envelope = img('EnvelopeImage');
  const spots: [number, number, number][] = [[30, 10, -12], [92, 30, 8], [140, 4, 14], [56, 80, 6], [120, 96, -8], [22, 136, 10], [84, 150, -4], [146, 160, 12]];
  return (
    <g data-testid="mini-envelopes">
      {spots.map(([x, y, rot], i) => (
        <g key={i} transform={`rotate(${rot} ${x + 13} ${y + 17})`}>
          {envelope ? (
            <image href={envelope} x={x} y={y} width="26" height="34" preserveAspectRatio="xMidYMid meet" />
          ) : (
            <g>
              <rect x={x} y={y} width="26" height="34" rx="3" fill={color} data-testid="envelope" />
              <path d={`M${x},${y + 10} Q${x + 13},${y + 20} ${x + 26},${y + 10}`} fill="none" stroke={text} strokeWidth="1.2" />
              <circle cx={x + 13} cy={y + 15} r="3.5" fill={text} />
            </g>
          )}
        </g>
      ))}
    </g>
  );
}

function Grid3({ core, img, listKey, count, cell, ring }: StageProps & { listKey: string; count: number; cell: string; ring: string }) {
  const items = listOf(core, listKey, count);
  const ball = img('BallImage') ?? img('RingImage');
  const size = 40;
  const gap = 8;
  const x0 = (W - (size * 3 + gap * 2)) / 2;
  return (
    <g data-testid="mini-grid">
      {items.map((url, i) => {
        const x = x0 + (i % 3) * (size + gap);
        const y = 6 + Math.floor(i / 3) * (size + gap);
        const href = url ? img(`${listKey}.${i}`) ?? url : null;
        return (
          <g key={i} data-testid="grid-cell">
            <rect x={x} y={y} width={size} height={size} rx="6" fill={cell} stroke={ring} strokeWidth="2" />
            {href ? (
              <image href={href} x={x + 3} y={y + 3} width={size - 6} height={size - 6} preserveAspectRatio="xMidYMid meet" />
            ) : (
              <text x={x + size / 2} y={y + size / 2 + 4} textAnchor="middle" fontSize="12" fontWeight="700" fill={ring}>{i + 1}</text>
            )}
          </g>
        );
      })}
      {ball ? (
        <image href={ball} x={W / 2 - 12} y="158" width="24" height="24" preserveAspectRatio="xMidYMid meet" />
      ) : (
        <circle cx={W / 2} cy="170" r="9" fill="#fff" stroke={listKey === 'GridImages' ? cell : ring} strokeWidth="3.5" />
      )}
    </g>
  );
}

function Mary({ core, img }: StageProps) {
  const cell = colorOf(core, 'cellColor', '#fff4d6');
  const light = colorOf(core, 'lightColor', '#ffcf33');
  const text = colorOf(core, 'textColor', '#7a2e12');
  const prizes = listOf(core, 'PrizeImages', 8);
  const size = 40;
  const x0 = (W - size * 3 - 8) / 2;
  const ring = [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2], [1, 2], [0, 2], [0, 1]];
  return (
    <g data-testid="mini-mary">
      <rect x={x0 - 8} y="6" width={size * 3 + 24} height={size * 3 + 20} rx="10" fill={light} />
      {ring.map(([c, r], i) => {
        const x = x0 + c * (size + 4);
        const y = 14 + r * (size + 4);
        const href = prizes[i] ? img(`PrizeImages.${i}`) ?? prizes[i] : null;
        return (
          <g key={i}>
            <rect x={x} y={y} width={size} height={size} rx="5" fill={cell} stroke={i === 0 ? '#fff' : 'none'} strokeWidth="2.5" data-testid="mary-cell" />
            {href ? <image href={href} x={x + 4} y={y + 4} width={size - 8} height={size - 8} /> : <text x={x + size / 2} y={y + size / 2 + 4} textAnchor="middle" fontSize="11" fontWeight="700" fill={text}>{i + 1}</text>}
          </g>
        );
      })}
      <rect x={x0 + size + 4} y={14 + size + 4} width={size} height={size} rx="20" fill={text} />
    </g>
  );
}

function Darts({ core, img }: StageProps) {
  const c1 = colorOf(core, 'boardColor1', '#1f1f1f');
  const c2 = colorOf(core, 'boardColor2', '#f3e6c8');
  const board = img('BoardImage');
  const dart = img('DartImage');
  const cx = W / 2;
  const cy = 92;
  return (
    <g data-testid="mini-darts">
      {board ? (
        <image href={board} x={cx - 76} y={cy - 76} width="152" height="152" preserveAspectRatio="xMidYMid meet" />
      ) : (
        [76, 62, 48, 34, 20, 8].map((r, i) => <circle key={r} cx={cx} cy={cy} r={r} fill={i % 2 === 0 ? c1 : c2} data-testid="dart-ring" />)
      )}
      {dart ? (
        <image href={dart} x={cx + 10} y={cy - 50} width="40" height="40" />
      ) : (
        <path d={`M${cx + 6},${cy - 6} L${cx + 40},${cy - 40} M${cx + 34},${cy - 44} l10,4 l-4,-10 z`} stroke="#c22" strokeWidth="3" fill="#c22" />
      )}
    </g>
  );
}

function Cards({ core, img }: StageProps) {
  const color = colorOf(core, 'cardColor', '#3a6fd8');
  const text = colorOf(core, 'textColor', '#1b2b4b');
  const backImage = img('CardBackImage');
  const icons = listOf(core, 'CardIcons', 8);
  const w = 34;
  const h = 46;
  const x0 = (W - (w * 4 + 6 * 3)) / 2;
  return (
    <g data-testid="mini-cards">
      {Array.from({ length: 8 }, (_, i) => {
        const x = x0 + (i % 4) * (w + 6);
        const y = 20 + Math.floor(i / 4) * (h + 10);
        // Two cards shown face up (the icons), the others face down.
        const up = i === 1 || i === 6;
        const icon = icons[i] ? img(`CardIcons.${i}`) ?? icons[i] : null;
        return (
          <g key={i}>
            <rect x={x} y={y} width={w} height={h} rx="5" fill={up ? '#fff' : color} stroke={color} strokeWidth="1.5" data-testid="card" />
            {!up && backImage && <image href={backImage} x={x} y={y} width={w} height={h} preserveAspectRatio="xMidYMid slice" />}
            {up && (icon ? <image href={icon} x={x + 4} y={y + 8} width={w - 8} height={h - 16} /> : <text x={x + w / 2} y={y + h / 2 + 5} textAnchor="middle" fontSize="16" fill={text}>★</text>)}
          </g>
        );
      })}
    </g>
  );
}

function Puzzle({ core, img }: StageProps) {
  const frame = colorOf(core, 'frameColor', '#6a4bc4');
  const picture = img('PuzzleImage');
  const size = 132;
  const x0 = (W - size) / 2;
  const piece = size / 3;
  return (
    <g data-testid="mini-puzzle">
      <rect x={x0 - 6} y="10" width={size + 12} height={size + 12} rx="8" fill={frame} />
      {picture ? (
        <image href={picture} x={x0} y="16" width={size} height={size} preserveAspectRatio="xMidYMid slice" />
      ) : (
        <rect x={x0} y="16" width={size} height={size} fill="#fff" opacity="0.85" />
      )}
      {[1, 2].map((k) => (
        <g key={k}>
          <line x1={x0 + piece * k} y1="16" x2={x0 + piece * k} y2={16 + size} stroke={frame} strokeWidth="2" />
          <line x1={x0} y1={16 + piece * k} x2={x0 + size} y2={16 + piece * k} stroke={frame} strokeWidth="2" />
        </g>
      ))}
      <rect x={x0 + piece * 2} y={16 + piece * 2} width={piece} height={piece} fill={frame} opacity="0.6" />
    </g>
  );
}
