import { type AdminDashboardQuery } from '../../generated/graphql';

export { AdminDashboardDocument as ADMIN_DASHBOARD } from '../../generated/graphql';

export type DashboardFigures = AdminDashboardQuery['adminDashboard'];
