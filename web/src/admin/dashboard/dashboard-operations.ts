import { gql, type TypedDocumentNode } from '@apollo/client';

export interface DashboardFigures {
  modules: { total: number; active: number; inactive: number };
  modes: number;
  modeTypes: number;
  users: { total: number; active: number; inactive: number };
  records: { tl: number; tr: number; bl: number; br: number } | null;
}

export const ADMIN_DASHBOARD: TypedDocumentNode<{ adminDashboard: DashboardFigures }> = gql`
  query AdminDashboard {
    adminDashboard {
      modules {
        total
        active
        inactive
      }
      modes
      modeTypes
      users {
        total
        active
        inactive
      }
      records {
        tl
        tr
        bl
        br
      }
    }
  }
`;
