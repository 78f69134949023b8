import { type ListFamily } from '@promptloom/proto';

/** How each list family appears in the workspace (SPEC §1–§3). */
export const FAMILY_VIEW: Record<
  ListFamily,
  { title: string; levelKey: string; agentPath: string; detailPath: (id: number) => string }
> = {
  tl: { title: 'Types', levelKey: 'levels', agentPath: '/types/agent', detailPath: (id) => `/types/${id}` },
  bl: {
    title: 'Elements',
    levelKey: 'levels_lb',
    agentPath: '/elements/AgentBL',
    detailPath: (id) => `/elements/${id}`,
  },
  tr: {
    title: 'Pro',
    levelKey: 'levels_tr_top',
    agentPath: '/pro/AgentTR',
    detailPath: (id) => `/pro/${id}`,
  },
  br: {
    title: 'Signature',
    levelKey: 'levels_rb',
    agentPath: '/pro/AgentBR',
    detailPath: (id) => `/pro/SignatureListingoptRB/${id}`,
  },
};
