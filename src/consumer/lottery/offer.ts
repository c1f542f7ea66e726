/**
 * The lottery hook of the consumer page (issue 15 "Play"): under the query result of a genuine
 * code, asks which running activities the code may play (GET /mapi/v1/lottery/{tenant}?c=) and,
 * only when there is one, loads the games (./play.ts, a chunk of its own: the page's first load
 * stays light) and shows them. Nothing shows for a code without an activity.
 */
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '../../domain/lang';
import type { PlayOffer } from '../../domain/activity/lotteryPublic';
import type { ConsumerEnv } from '../env';

/** The member's bearer token of the tenant (member.ts keeps it there). */
export const memberToken = (env: Pick<ConsumerEnv, 'storage'>, tenantCode: string) => env.storage?.getItem(`oioc.member.${tenantCode}`) || null;

type Panel = (props: { env: ConsumerEnv; tenantCode: string; lang: Lang; offer: PlayOffer }) => unknown;

export function LotteryOffer({ env, tenantCode, code, lang }: { env: ConsumerEnv; tenantCode: string; code: string; lang: Lang }) {
  const [state, setState] = useState<{ offer: PlayOffer; Panel: Panel } | null>(null);
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const token = memberToken(env, tenantCode);
        const res = await env.fetch(`/mapi/v1/lottery/${encodeURIComponent(tenantCode)}?c=${encodeURIComponent(code)}`, {
          headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
        if (!res.ok) return;
        const offer = (await res.json()) as PlayOffer;
        if (!offer?.activities?.length) return;
        const { LotteryPanel } = await import('./play');
        if (live) setState({ offer, Panel: LotteryPanel as Panel });
      } catch { /* no offer: nothing shows */ }
    })();
    return () => { live = false; };
  }, [tenantCode, code]);
  if (!state) return null;
  return h(state.Panel as never, { env, tenantCode, lang, offer: state.offer });
}
