/** The nine games' words in the three languages (consumer page and back-office miniature). */
import type { Lang } from '../../domain/lang';

export interface GameTexts {
  drawing: string;
  won: (prize: string) => string;
  lost: string;
  /** Per view key: the start button and the hint under the stage. */
  start: Record<string, string>;
  hint: Record<string, string>;
  /** The pick step (red envelope, guess card). */
  catchHint: string;
  pickHint: string;
  item: (n: number) => string;
  cover: string;
}

const zh_TW: GameTexts = {
  drawing: '開獎中…',
  won: (p) => `恭喜中獎：${p}`,
  lost: '謝謝參與，這次沒有中獎',
  start: {
    view_wheel: '轉動輪盤', view_lucky: '直接刮開', view_redenvelope: '開始紅包雨', view_ringtoss: '丟出圈圈', view_mary: '開始',
    view_darts: '射出飛鏢', view_guesscard: '開始洗牌', view_puzzle: '拼出拼圖', view_baseball: '投出球',
  },
  hint: {
    view_wheel: '按下按鈕轉動輪盤', view_lucky: '用手指刮開塗層', view_redenvelope: '紅包落下時點一個接住', view_ringtoss: '把圈圈丟向九個娃娃',
    view_mary: '燈光繞一圈停下就開獎', view_darts: '把飛鏢射向標靶', view_guesscard: '記住圖案，洗牌後選一張', view_puzzle: '拼圖完成就開獎',
    view_baseball: '把球投進九宮格',
  },
  catchHint: '點一個紅包接住它',
  pickHint: '選一張牌',
  item: (n) => `第 ${n} 個`,
  cover: '刮刮樂',
};

const zh_CN: GameTexts = {
  drawing: '开奖中…',
  won: (p) => `恭喜中奖：${p}`,
  lost: '谢谢参与，这次没有中奖',
  start: {
    view_wheel: '转动转盘', view_lucky: '直接刮开', view_redenvelope: '开始红包雨', view_ringtoss: '丢出圈圈', view_mary: '开始',
    view_darts: '射出飞镖', view_guesscard: '开始洗牌', view_puzzle: '拼出拼图', view_baseball: '投出球',
  },
  hint: {
    view_wheel: '按下按钮转动转盘', view_lucky: '用手指刮开涂层', view_redenvelope: '红包落下时点一个接住', view_ringtoss: '把圈圈丢向九个娃娃',
    view_mary: '灯光绕一圈停下就开奖', view_darts: '把飞镖射向标靶', view_guesscard: '记住图案，洗牌后选一张', view_puzzle: '拼图完成就开奖',
    view_baseball: '把球投进九宫格',
  },
  catchHint: '点一个红包接住它',
  pickHint: '选一张牌',
  item: (n) => `第 ${n} 个`,
  cover: '刮刮乐',
};

const en: GameTexts = {
  drawing: 'Drawing…',
  won: (p) => `You won: ${p}`,
  lost: 'Thanks for playing, no prize this time',
  start: {
    view_wheel: 'Spin the wheel', view_lucky: 'Scratch it all', view_redenvelope: 'Start the rain', view_ringtoss: 'Throw the ring', view_mary: 'Start',
    view_darts: 'Throw a dart', view_guesscard: 'Shuffle the cards', view_puzzle: 'Assemble the puzzle', view_baseball: 'Pitch the ball',
  },
  hint: {
    view_wheel: 'Press the button to spin', view_lucky: 'Scratch the cover with your finger', view_redenvelope: 'Catch one of the falling envelopes',
    view_ringtoss: 'Throw the ring at the nine dolls', view_mary: 'The light runs around and stops on your prize', view_darts: 'Throw the dart at the board',
    view_guesscard: 'Remember the icons, then pick a card', view_puzzle: 'The prize shows when the puzzle is complete', view_baseball: 'Pitch the ball into the nine cells',
  },
  catchHint: 'Tap an envelope to catch it',
  pickHint: 'Pick a card',
  item: (n) => `Number ${n}`,
  cover: 'Scratch card',
};

export const GAME_TEXTS: Record<Lang, GameTexts> = { zh_TW, zh_CN, en };
